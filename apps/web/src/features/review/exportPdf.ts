// 'Export → PDF report': the report as a PDF of real text, tables and vector charts, built from the report
// responses the page shows (exportPdfDocument.ts). jsPDF and its table plugin load only when it is asked for.

import boldFontUrl from 'pdfjs-dist/standard_fonts/LiberationSans-Bold.ttf?url';
import regularFontUrl from 'pdfjs-dist/standard_fonts/LiberationSans-Regular.ttf?url';
import type { PdfFonts, ReviewPdfContent } from './exportPdfDocument';

export type { ReviewPdfContent } from './exportPdfDocument';

export async function exportReportPdf(
  content: Omit<ReviewPdfContent, 'title'>,
  options: { title: string; fileName: string },
) {
  const { buildReviewPdf, needsUnicodeFont } = await import('./exportPdfDocument');
  const full = { ...content, title: options.title };
  // The font files (about 140 kB each) are fetched only for a report whose names Helvetica cannot write.
  const fonts = needsUnicodeFont(full) ? await loadFonts() : undefined;
  buildReviewPdf(full, fonts).save(options.fileName);
}

/** Liberation Sans (SIL Open Font License, shipped with PDF.js): Latin, Greek and Cyrillic letters. */
async function loadFonts(): Promise<PdfFonts> {
  const bytes = async (url: string) => {
    const response = await fetch(url);
    if (!response.ok) throw new Error('The PDF font could not be loaded. Please try again.');
    return new Uint8Array(await response.arrayBuffer());
  };
  const [regular, bold] = await Promise.all([bytes(regularFontUrl), bytes(boldFontUrl)]);
  return { regular, bold };
}
