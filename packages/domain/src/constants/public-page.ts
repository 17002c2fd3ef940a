/**
 * A public page as the web build lists it (apps/web/src/content/public-pages.ts → dist/public-pages.json) and
 * the server reads it to write the page's <head>, sitemap.xml and the blog feed.
 */
export interface PublicPage {
  /** The path, without a trailing slash ('/' for the home page). */
  path: string;
  /** The page's own title (written as pageTitle(title)); null for the home page's tagline title. */
  title: string | null;
  description: string;
  type: 'website' | 'article';
  /** YYYY-MM-DD, for articles. */
  published?: string;
  /** In the blog feed. */
  feed?: boolean;
}
