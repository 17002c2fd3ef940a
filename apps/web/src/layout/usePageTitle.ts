import { useEffect } from 'react';
import { pageTitle } from '@meetwell/domain';

/** Sets document.title to '{title} | MeetWell' (or the tagline title when no title is given). */
export function usePageTitle(title?: string | null): void {
  useEffect(() => {
    document.title = pageTitle(title);
  }, [title]);
}
