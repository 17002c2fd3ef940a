// 'Export': the report as a PDF that looks like the page. The blocks are drawn to a canvas by the browser
// itself (modern-screenshot renders the DOM through an SVG foreignObject, so CSS variables, web fonts and the
// SVG charts come out as on screen), then cut between blocks into A4 pages with jsPDF. Both libraries load
// only when Export is pressed.

const PAGE = { width: 595.28, height: 841.89, margin: 28 } as const;
const HEADER = 34;

/**
 * Page breaks (canvas px): at the bottom of a block that no other block straddles (side-by-side panels end
 * at different heights), as low as fits on the page; a block taller than a page is cut.
 */
export function pageSlices(
  blocks: readonly [number, number][],
  total: number,
  pageHeight: number,
): [number, number][] {
  const breaks = blocks
    .map(([, bottom]) => bottom)
    .filter((y) => !blocks.some(([top, bottom]) => top < y - 0.5 && bottom > y + 0.5));
  const slices: [number, number][] = [];
  let top = 0;
  while (top < total - 0.5) {
    let bottom = Math.min(total, top + pageHeight);
    if (bottom < total) {
      const fitting = breaks.filter((b) => b > top + 1 && b <= bottom);
      if (fitting.length) bottom = Math.max(...fitting);
    }
    slices.push([top, bottom]);
    top = bottom;
  }
  return slices;
}

export async function exportReportPdf(node: HTMLElement, options: { title: string; fileName: string }) {
  const [{ domToCanvas }, { jsPDF }] = await Promise.all([import('modern-screenshot'), import('jspdf')]);
  const scale = 2;
  const canvas = await domToCanvas(node, {
    scale,
    backgroundColor: '#ffffff',
    filter: (el) => !(el instanceof HTMLElement && el.dataset.pdfExclude !== undefined),
    fetch: { placeholderImage: 'data:image/gif;base64,R0lGODlhAQABAAAAACw=' },
  });
  const origin = node.getBoundingClientRect().top;
  const blocks = [...node.querySelectorAll<HTMLElement>('[data-pdf-block]')].map((el): [number, number] => {
    const box = el.getBoundingClientRect();
    return [(box.top - origin) * scale, (box.bottom - origin) * scale];
  });

  const pdf = new jsPDF({ orientation: 'portrait', unit: 'pt', format: 'a4', compress: true });
  pdf.setProperties({ title: options.title, subject: 'MeetWell review', creator: 'MeetWell' });
  const width = PAGE.width - 2 * PAGE.margin;
  const ratio = width / canvas.width;
  const pageHeight = (PAGE.height - 2 * PAGE.margin - HEADER) / ratio;
  const slices = pageSlices(blocks, canvas.height, pageHeight);
  const slice = document.createElement('canvas');
  slices.forEach(([top, bottom], index) => {
    if (index > 0) pdf.addPage();
    pdf.setFont('helvetica', 'bold');
    pdf.setFontSize(13);
    pdf.setTextColor('#1f2937');
    pdf.text(options.title, PAGE.margin, PAGE.margin + 12);
    pdf.setFont('helvetica', 'normal');
    pdf.setFontSize(9);
    pdf.setTextColor('#6b7280');
    pdf.text(`${index + 1} / ${slices.length}`, PAGE.width - PAGE.margin, PAGE.margin + 12, {
      align: 'right',
    });
    slice.width = canvas.width;
    slice.height = Math.ceil(bottom - top);
    const context = slice.getContext('2d');
    if (!context) return;
    context.fillStyle = '#ffffff';
    context.fillRect(0, 0, slice.width, slice.height);
    context.drawImage(canvas, 0, top, canvas.width, bottom - top, 0, 0, canvas.width, bottom - top);
    pdf.addImage(
      slice.toDataURL('image/jpeg', 0.92),
      'JPEG',
      PAGE.margin,
      PAGE.margin + HEADER,
      width,
      (bottom - top) * ratio,
    );
  });
  pdf.save(options.fileName);
}
