import { DEFAULT_PAGE_TITLE } from '@meetwell/domain';
import { describe, expect, it } from 'vitest';
import { SITE_TITLE } from './site-head';

describe('the shared head', () => {
  it("names the site as the product's default page title does", () => {
    expect(SITE_TITLE).toBe(DEFAULT_PAGE_TITLE);
  });
});
