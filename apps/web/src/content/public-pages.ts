// The public pages a visitor or a search engine can reach, with what their <head> says about them. Written to
// dist/public-pages.json at build time (scripts/write-public-pages.ts); the server then gives each page its
// own title, description, Open Graph tags and canonical address, and builds sitemap.xml and the blog feed.

import type { PublicPage } from '@meetwell/domain';
import { BLOG_POSTS } from './blog';
import { DPA, PRIVACY, REFERRALS, SECURITY, TERMS } from './legal';
import { SITE_DESCRIPTION } from './site-head';

export function publicPages(): PublicPage[] {
  const text = (path: string, page: { title: string; intro: string }): PublicPage => ({
    path,
    title: page.title,
    description: page.intro,
    type: 'website',
  });
  return [
    { path: '/', title: null, description: SITE_DESCRIPTION, type: 'website' },
    {
      path: '/pricing',
      title: 'Pricing',
      description:
        'MeetWell plans: Solo for just you, Team for your whole team. Start with a 14-day free trial.',
      type: 'website',
    },
    {
      path: '/faq',
      title: 'FAQ',
      description:
        'Answers about accounts, Auto-Balance, meeting scores, Wellness blocks and planning your week.',
      type: 'website',
    },
    {
      path: '/help',
      title: 'Help and support',
      description: 'Get help with MeetWell: popular questions and how to reach us.',
      type: 'website',
    },
    {
      path: '/blog',
      title: 'Blog',
      description: 'Notes on healthier meetings and balanced calendars.',
      type: 'website',
    },
    text('/privacy', PRIVACY),
    text('/terms', TERMS),
    text('/dpa', DPA),
    text('/security', SECURITY),
    text('/referrals', REFERRALS),
    ...BLOG_POSTS.map(
      (post): PublicPage => ({
        path: `/blog/${post.slug}`,
        title: post.title,
        description: post.description,
        type: 'article',
        published: post.date,
        feed: true,
      }),
    ),
  ];
}
