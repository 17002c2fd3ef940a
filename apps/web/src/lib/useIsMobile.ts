import { useMediaQuery } from '@mantine/hooks';

/** Below Mantine's sm breakpoint (48em = 768 px): the mobile layouts. Read synchronously (client-only app). */
export function useIsMobile(): boolean {
  return useMediaQuery('(max-width: 47.99em)', false, { getInitialValueInEffect: false });
}
