/** Full-page navigations (single sign-on redirects); an object so tests can spy on it. */
export const browser = {
  assign(url: string): void {
    window.location.assign(url);
  },
};
