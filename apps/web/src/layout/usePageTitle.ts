import { pageTitle } from '@meetwell/domain';
import { useEffect } from 'react';

/** Sets document.title to '{title} | MeetWell' (or the tagline title when no title is given). */
export function usePageTitle(title?: string | null): void {
  useEffect(() => {
    document.title = pageTitle(title);
  }, [title]);
}
