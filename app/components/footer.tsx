import { BagIcon, FacebookIcon, InstagramIcon, XIcon, YoutubeIcon } from "./icons.tsx";

// docs/storefront/README.md#footer: the footer's groups are plain text, not links.
const GROUPS: { title: string; items: string[] }[] = [
  { title: "About Us", items: ["About", "Careers", "Press", "Blog"] },
  { title: "Customer Service", items: ["Contact Us", "Shipping Info", "Returns", "FAQ"] },
  { title: "Legal", items: ["Privacy Policy", "Terms of Service", "Cookie Policy", "Accessibility"] },
  { title: "Quick Links", items: ["My Account", "Wishlist", "Track Order", "Gift Cards"] },
];

const SOCIAL = [
  { name: "Facebook", href: "https://www.facebook.com/", Icon: FacebookIcon },
  { name: "Instagram", href: "https://www.instagram.com/", Icon: InstagramIcon },
  { name: "X", href: "https://x.com/", Icon: XIcon },
  { name: "YouTube", href: "https://www.youtube.com/", Icon: YoutubeIcon },
];

export function Footer({ year }: { year: number }) {
  return (
    <footer className="mt-16 border-t border-gray-200 bg-gray-50 dark:border-gray-800 dark:bg-gray-900/40">
      <div className="mx-auto grid max-w-7xl grid-cols-2 gap-8 px-4 py-12 md:grid-cols-[1.3fr_repeat(4,1fr)] md:gap-10">
        <div className="col-span-2 md:col-span-1">
          <p className="flex items-center gap-2 font-bold text-lg">
            <span className="grid size-8 place-items-center rounded-lg bg-brand text-white">
              <BagIcon width={18} height={18} />
            </span>
            E-Shop
          </p>
          <p className="mt-3 max-w-xs text-gray-600 text-sm dark:text-gray-400">
            Your one-stop shop for all your needs
          </p>
          <ul className="mt-5 flex gap-2">
            {SOCIAL.map(({ name, href, Icon }) => (
              <li key={name}>
                <a
                  href={href}
                  className="icon-button"
                  aria-label={name}
                  title={name}
                  rel="noopener noreferrer"
                  target="_blank"
                >
                  <Icon width={20} height={20} />
                </a>
              </li>
            ))}
          </ul>
        </div>
        {GROUPS.map((group) => (
          <div key={group.title}>
            <h2 className="font-semibold text-sm">{group.title}</h2>
            <ul className="mt-3 space-y-2 text-gray-600 text-sm dark:text-gray-400">
              {group.items.map((item) => (
                <li key={item}>{item}</li>
              ))}
            </ul>
          </div>
        ))}
      </div>
      <p className="border-gray-200 border-t py-5 text-center text-gray-600 text-sm dark:border-gray-800 dark:text-gray-400">
        © {year} E-Shop. All rights reserved.
      </p>
    </footer>
  );
}
