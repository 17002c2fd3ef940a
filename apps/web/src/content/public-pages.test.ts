import { describe, expect, it } from 'vitest';
import { BLOG_POSTS } from './blog';
import { publicPages } from './public-pages';

describe('public pages', () => {
  const pages = publicPages();

  it('name every public route and blog post once, each with a description', () => {
    const paths = pages.map((p) => p.path);
    expect(new Set(paths).size).toBe(paths.length);
    expect(paths).toEqual(
      expect.arrayContaining([
        '/',
        '/pricing',
        '/faq',
        '/help',
        '/blog',
        '/privacy',
        '/terms',
        '/dpa',
        '/security',
      ]),
    );
    for (const post of BLOG_POSTS) expect(paths).toContain(`/blog/${post.slug}`);
    for (const page of pages) {
      expect(page.path === '/' || !page.path.endsWith('/')).toBe(true);
      expect(page.description.length).toBeGreaterThan(10);
    }
  });

  it('put the blog posts in the feed with their dates', () => {
    const feed = pages.filter((p) => p.feed);
    expect(feed).toHaveLength(BLOG_POSTS.length);
    for (const item of feed) expect(item.published).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });
});
