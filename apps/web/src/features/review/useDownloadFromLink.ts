import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';

const DOWNLOAD_STATS_PARAM = 'dwnldStats';

/**
 * ?dwnldStats (a link from the weekly mail, or a bookmark) exports the report as the Export button does, once,
 * as soon as every block of the report has loaded. When there is nothing to export (no meetings, no team) the
 * parameter is dropped and the page says why. The parameter leaves the URL either way, so a reload does not
 * download again.
 */
export function useDownloadFromLink(state: {
  ready: boolean;
  nothingToExport: boolean;
  download: () => void;
}) {
  const [params, setParams] = useSearchParams();
  const asked = params.has(DOWNLOAD_STATS_PARAM);
  const started = useRef(false);
  const { ready, nothingToExport, download } = state;

  useEffect(() => {
    if (!asked || started.current || (!ready && !nothingToExport)) return;
    started.current = true;
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete(DOWNLOAD_STATS_PARAM);
        return next;
      },
      { replace: true, preventScrollReset: true },
    );
    if (!nothingToExport) download();
  }, [asked, ready, nothingToExport, download, setParams]);
}
