// 'Export → PDF report': the report as a PDF of real text, tables and vector charts, built from the report
// responses the page shows (exportPdfDocument.ts). jsPDF and its table plugin load only when it is asked for.

import type { ReviewPdfContent } from './exportPdfDocument';

export type { ReviewPdfContent } from './exportPdfDocument';

export async function exportReportPdf(
  content: Omit<ReviewPdfContent, 'title'>,
  options: { title: string; fileName: string },
) {
  const { buildReviewPdf } = await import('./exportPdfDocument');
  buildReviewPdf({ ...content, title: options.title }).save(options.fileName);
}
