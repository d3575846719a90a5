/** Meta tags of an account page: its title, and kept out of search results (nothing to find there). */
export function accountPageMeta(title: string) {
  return [{ title: `${title} — shop` }, { name: "robots", content: "noindex" }];
}
