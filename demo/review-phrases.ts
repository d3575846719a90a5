import type { ReviewFit } from "#contract/reviews.ts";

// What the demo reviewers write (demo/reviews.ts): small pools of English phrases about clothes, picked
// by hashing, so the same seed always gives the same words. Index 0 is for one star, 4 for five.

/** The demo reviewers: first and last names as the product page shows them. */
export const REVIEWER_NAMES: readonly (readonly [first: string, last: string])[] = [
  ["Amira", "Benali"],
  ["Lucas", "Martin"],
  ["Sofia", "Rossi"],
  ["Kwame", "Mensah"],
  ["Hana", "Sato"],
  ["Oliver", "Brown"],
  ["Leila", "Haddad"],
  ["Mateo", "García"],
  ["Chloé", "Dubois"],
  ["Ravi", "Patel"],
  ["Ingrid", "Larsen"],
  ["Youssef", "El Amrani"],
  ["Emma", "Schmidt"],
  ["Daniel", "Cohen"],
  ["Aisha", "Okafor"],
  ["Tomás", "Silva"],
  ["Mei", "Chen"],
  ["Jack", "Wilson"],
  ["Nadia", "Kowalski"],
  ["Omar", "Farouk"],
  ["Grace", "Taylor"],
  ["Kenji", "Tanaka"],
  ["Isabel", "Fernández"],
  ["Samuel", "Adeyemi"],
  ["Zoe", "Papadopoulos"],
  ["Hugo", "Lefèvre"],
  ["Priya", "Sharma"],
  ["Noah", "Anderson"],
  ["Salma", "Bennani"],
  ["Luca", "Bianchi"],
  ["Freya", "Johansson"],
  ["Ibrahim", "Diallo"],
  ["Clara", "Weber"],
  ["Diego", "Ramírez"],
  ["Yuna", "Kim"],
  ["Ethan", "Murphy"],
  ["Fatima", "Zahra"],
  ["Marco", "De Luca"],
  ["Elif", "Yılmaz"],
  ["Arjun", "Nair"],
  ["Maya", "Levi"],
  ["Finn", "O'Brien"],
  ["Lina", "Chraibi"],
  ["Pablo", "Moreno"],
  ["Astrid", "Nilsson"],
  ["Tariq", "Hassan"],
  ["Julia", "Nowak"],
  ["Chidi", "Eze"],
  ["Camille", "Laurent"],
  ["Hiro", "Yamamoto"],
  ["Rosa", "Costa"],
  ["Adam", "Novak"],
  ["Zainab", "Ali"],
  ["Felix", "Becker"],
  ["Ana", "Pereira"],
  ["Malik", "Johnson"],
  ["Sara", "Lindqvist"],
  ["Karim", "Idrissi"],
  ["Alice", "Moreau"],
  ["Theo", "Jansen"],
];

/** A review's title, by its stars. */
export const TITLES: readonly (readonly string[])[] = [
  [
    "Very disappointed",
    "Not as pictured",
    "Fell apart quickly",
    "Would not buy again",
    "Poor quality",
    "Sent it straight back",
  ],
  [
    "Not for me",
    "Expected better",
    "Looks cheaper in person",
    "Below average",
    "The fit let it down",
    "Colour faded fast",
  ],
  [
    "It's okay",
    "Decent for the price",
    "Mixed feelings",
    "Does the job",
    "Nothing special",
    "Fine, not great",
  ],
  ["Really nice", "Good buy", "Comfortable and well made", "Happy with it", "Nearly perfect", "Solid choice"],
  [
    "Love it!",
    "Perfect in every way",
    "My new favourite",
    "Excellent quality",
    "Worth every penny",
    "Exactly what I wanted",
    "Bought a second one",
  ],
];

/** How a review starts, by its stars. */
export const OPENERS: readonly (readonly string[])[] = [
  [
    "The seams started coming apart after the second wash.",
    "The material feels thin and scratchy, nothing like the photos.",
    "It arrived with a loose thread and a small hole near the hem.",
    "The colour is much duller than on the website.",
    "It lost its shape completely after one wash.",
  ],
  [
    "The fabric is rougher than I expected for this price.",
    "It looks fine from a distance, but the stitching is uneven.",
    "The colour faded noticeably after a few washes.",
    "It pills already, after only a couple of wears.",
    "The cut is unflattering and the fabric creases easily.",
  ],
  [
    "It is an ordinary piece: nothing wrong with it, nothing remarkable either.",
    "The quality is fine for everyday wear.",
    "The colour is nice, but the fabric is a little thin.",
    "Comfortable enough, though I expected a bit more for the price.",
    "It does what it should, and it washes well.",
  ],
  [
    "Nice fabric and a good, clean finish.",
    "Comfortable from the first wear and it washes well.",
    "The colour is lovely and true to the pictures.",
    "Well made, with neat stitching throughout.",
    "I have worn it a lot already and it still looks new.",
  ],
  [
    "Beautiful quality: soft, well cut and it feels expensive.",
    "I get compliments every time I wear it.",
    "The fabric is lovely and it has kept its shape and colour after many washes.",
    "Exactly as pictured, and even better in person.",
    "Comfortable all day, and it goes with everything in my wardrobe.",
  ],
];

/** What a review says about the fit, by its answer. */
export const FIT_SENTENCES: Record<ReviewFit, readonly string[]> = {
  small: [
    "It runs small, so I would order one size up.",
    "Snug in my usual size; size up if you are between sizes.",
    "A little tight for my usual size.",
  ],
  true: [
    "True to size; I took my usual size and it fits well.",
    "The fit is just right in my normal size.",
    "Sizing is spot on.",
  ],
  large: [
    "It runs large, so consider one size down.",
    "Roomier than expected; I could have gone a size smaller.",
    "A bit loose in my usual size.",
  ],
};

/** How some reviews end, by their stars. */
export const CLOSERS: readonly (readonly string[])[] = [
  ["I returned it.", "Save your money.", "Really not worth it."],
  ["I probably would not buy it again.", "Only okay for lounging at home.", "Not worth the full price."],
  ["Good enough on sale.", "It's fine for the price.", "I keep it for everyday errands."],
  ["I would buy it again.", "Recommended.", "Good value overall."],
  ["Highly recommend!", "I am ordering it in another colour.", "Ten out of ten."],
];
