// The Review report as a PDF of text, tables and vector drawings (jsPDF and its table plugin): every figure is
// selectable and searchable, and comes from the report responses the page shows, through the domain's export
// tables (the CSV export writes the same tables). No DOM: it runs in the browser and in Node (the bench).

import {
  chartAxis,
  type ExportTable,
  epochDayToIsoDate,
  exportCellText,
  formatDate,
  formatNumber,
  isoDateToEpochDay,
  personColor,
  type ReviewExportInput,
  reviewExportTables,
  scoreColor,
} from '@meetwell/domain';
import { jsPDF } from 'jspdf';
import { autoTable } from 'jspdf-autotable';

const PAGE = { width: 595.28, height: 841.89, margin: 36 } as const;
const CONTENT_WIDTH = PAGE.width - 2 * PAGE.margin;
const INK = '#1f2937';
const DIMMED = '#6b7280';
const RULE = '#e5e7eb';
const TILE = '#f3f4f6';
const NUDGE_BAR = '#d1d5db';

export interface ReviewPdfContent {
  /** 'MeetWell review: March 1st 2025 - March 31st 2025' (the document's title too). */
  title: string;
  /** Whose meetings, the range's name, the statuses: the line the page shows above the report. */
  subtitle: string;
  range: { start: string; end: string };
  reports: ReviewExportInput;
}

type Rgb = [number, number, number];
const rgb = (hex: string): Rgb => [
  Number.parseInt(hex.slice(1, 3), 16),
  Number.parseInt(hex.slice(3, 5), 16),
  Number.parseInt(hex.slice(5, 7), 16),
];

function heading(pdf: jsPDF, text: string, y: number): number {
  pdf.setFont(familyOf(pdf), 'bold');
  pdf.setFontSize(12);
  pdf.setTextColor(INK);
  pdf.text(text, PAGE.margin, y);
  return y + 8;
}

/** Room for `height` below y, or a new page. */
function ensureRoom(pdf: jsPDF, y: number, height: number): number {
  if (y + height <= PAGE.height - PAGE.margin - 16) return y;
  pdf.addPage();
  return PAGE.margin + 8;
}

/** The report card's four figures as tiles, the average score on its tier's colour as on screen. */
function drawTiles(pdf: jsPDF, reports: ReviewExportInput, top: number): number {
  const a = reports.averages.rows;
  const c = reports.costs.rows;
  const tiles: { label: string; value: string; hint: string; color?: string }[] = [
    {
      label: 'Average score',
      value: a.average === null ? '–' : String(a.average),
      hint: a.letter_grade ? `${a.quality_label} quality · grade ${a.letter_grade}` : 'No scored meetings',
      color: a.average === null ? undefined : scoreColor(a.average),
    },
    {
      label: 'Meetings',
      value: formatNumber(a.total, 0),
      hint: `${formatNumber(a.good, 0)} good · ${formatNumber(a.bad, 0)} to improve`,
    },
    {
      label: 'Time in meetings',
      value: exportCellText({ value: c.work_hours_spent.spent_hours, format: 'hours1' }),
      hint: c.members
        ? `per member of ${formatNumber(c.members, 0)}`
        : `of ${formatNumber(c.work_hours, 0)} work hours`,
    },
    {
      label: 'Meeting cost',
      value: exportCellText({ value: c.meeting_cost_total, format: 'currency' }),
      hint: `${exportCellText({ value: c.ave_cost_per_meeting, format: 'currency' })} per meeting`,
    },
  ];
  const gap = 8;
  const width = (CONTENT_WIDTH - gap * (tiles.length - 1)) / tiles.length;
  const height = 62;
  tiles.forEach((tile, i) => {
    const x = PAGE.margin + i * (width + gap);
    pdf.setFillColor(TILE);
    pdf.roundedRect(x, top, width, height, 4, 4, 'F');
    pdf.setFont(familyOf(pdf), 'normal');
    pdf.setFontSize(8);
    pdf.setTextColor(DIMMED);
    pdf.text(tile.label, x + 8, top + 13);
    pdf.setFont(familyOf(pdf), 'bold');
    pdf.setFontSize(18);
    if (tile.color) {
      const badge = pdf.getTextWidth(tile.value) + 10;
      pdf.setFillColor(tile.color);
      pdf.roundedRect(x + 6, top + 18, badge, 24, 3, 3, 'F');
      pdf.setTextColor('#ffffff');
    } else {
      pdf.setTextColor(INK);
    }
    pdf.text(tile.value, x + (tile.color ? 11 : 8), top + 36);
    pdf.setFont(familyOf(pdf), 'normal');
    pdf.setFontSize(7);
    pdf.setTextColor(DIMMED);
    pdf.text(pdf.splitTextToSize(tile.hint, width - 14)[0] ?? '', x + 8, top + 54);
  });
  return top + height;
}

/**
 * The Organizer stats chart drawn with lines and rectangles: each organizer's average score per day in their
 * leaderboard colour (the axis of the page's chart), the nudges sent per day as grey bars on a right axis.
 */
function drawChart(pdf: jsPDF, content: ReviewPdfContent, top: number): number {
  const { reports, range } = content;
  const leaderboard = reports.scores.leaderboard ?? [];
  const first = isoDateToEpochDay(range.start);
  const last = isoDateToEpochDay(range.end);
  const days = Math.max(1, last - first + 1);
  const height = 170;
  const box = {
    left: PAGE.margin + 26,
    right: PAGE.margin + CONTENT_WIDTH - 22,
    top: top + 6,
    bottom: top + height - 18,
  };
  const axis = chartAxis(reports.scores.rows.map((r) => r.average));
  const y = (score: number) =>
    box.bottom -
    ((Math.min(axis.max, Math.max(axis.min, score)) - axis.min) / (axis.max - axis.min)) *
      (box.bottom - box.top);
  const step = (box.right - box.left) / days;
  const x = (epochDay: number) => box.left + (epochDay - first + 0.5) * step;

  pdf.setFont(familyOf(pdf), 'normal');
  pdf.setFontSize(7);
  pdf.setTextColor(DIMMED);
  pdf.setLineWidth(0.5);
  for (const tick of axis.ticks) {
    pdf.setDrawColor(RULE);
    pdf.line(box.left, y(tick), box.right, y(tick));
    pdf.text(String(tick), box.left - 4, y(tick) + 2.5, { align: 'right' });
  }

  const nudges = reports.nudges.rows.filter((r) => r.day >= range.start && r.day <= range.end);
  const most = Math.max(1, ...nudges.map((r) => r.count));
  pdf.setFillColor(NUDGE_BAR);
  for (const row of nudges) {
    if (row.count <= 0) continue;
    const barHeight = (row.count / most) * (box.bottom - box.top) * 0.5;
    const barWidth = Math.min(12, step * 0.6);
    pdf.rect(x(isoDateToEpochDay(row.day)) - barWidth / 2, box.bottom - barHeight, barWidth, barHeight, 'F');
  }
  pdf.text(String(most), box.right + 4, box.top + (box.bottom - box.top) * 0.5 + 2.5);
  pdf.text('0', box.right + 4, box.bottom + 2.5);

  // Day labels: at most about 10, evenly spaced.
  const every = Math.max(1, Math.ceil(days / 10));
  for (let day = first; day <= last; day += every) {
    pdf.text(formatDate(epochDayToIsoDate(day), 'NudgeDay'), x(day), box.bottom + 10, { align: 'center' });
  }

  const colorOf = new Map(
    leaderboard.map((r) => [r.organizer_email, r.color || personColor(r.organizer_email)]),
  );
  const byOrganizer = new Map<string, { day: number; average: number }[]>();
  for (const row of reports.scores.rows) {
    const list = byOrganizer.get(row.organizer_email) ?? [];
    list.push({ day: isoDateToEpochDay(row.day), average: row.average });
    byOrganizer.set(row.organizer_email, list);
  }
  pdf.setLineWidth(1.4);
  for (const [email, points] of byOrganizer) {
    const color = colorOf.get(email) ?? personColor(email);
    pdf.setDrawColor(color);
    pdf.setFillColor(color);
    points.sort((p, q) => p.day - q.day);
    for (let i = 1; i < points.length; i++) {
      const p = points[i - 1]!;
      const q = points[i]!;
      pdf.line(x(p.day), y(p.average), x(q.day), y(q.average));
    }
    for (const p of points) pdf.circle(x(p.day), y(p.average), 1.8, 'F');
  }

  // The legend: each drawn organizer in their colour, on as many lines as it needs.
  let legendX = PAGE.margin;
  let legendY = top + height;
  pdf.setFontSize(7);
  for (const row of leaderboard.filter((r) => byOrganizer.has(r.organizer_email))) {
    const label = row.name || row.organizer_email;
    const width = pdf.getTextWidth(label) + 16;
    if (legendX + width > PAGE.margin + CONTENT_WIDTH) {
      legendX = PAGE.margin;
      legendY += 10;
    }
    pdf.setFillColor(colorOf.get(row.organizer_email) ?? personColor(row.organizer_email));
    pdf.circle(legendX + 3, legendY - 2.5, 3, 'F');
    pdf.setTextColor(INK);
    pdf.text(label, legendX + 9, legendY);
    legendX += width;
  }
  return legendY + 6;
}

function drawTable(pdf: jsPDF, table: ExportTable, top: number): number {
  let y = ensureRoom(pdf, top, 60);
  y = heading(pdf, table.title, y + 14);
  if (table.rows.length === 0) {
    pdf.setFont(familyOf(pdf), 'normal');
    pdf.setFontSize(9);
    pdf.setTextColor(DIMMED);
    pdf.text('No meetings.', PAGE.margin, y + 10);
    return y + 14;
  }
  const columnStyles = Object.fromEntries(
    table.numeric.map((numeric, i) => [i, { halign: numeric ? ('right' as const) : ('left' as const) }]),
  );
  autoTable(pdf, {
    startY: y,
    head: [table.columns],
    body: table.rows.map((row) => row.map(exportCellText)),
    theme: 'striped',
    margin: { left: PAGE.margin, right: PAGE.margin, bottom: PAGE.margin + 16 },
    styles: { font: familyOf(pdf), fontSize: 8, cellPadding: 3, textColor: INK, overflow: 'linebreak' },
    headStyles: { fillColor: rgb('#374151'), textColor: 255, fontStyle: 'bold' },
    alternateRowStyles: { fillColor: rgb('#f9fafb') },
    columnStyles,
  });
  const finalY = (pdf as unknown as { lastAutoTable?: { finalY?: number } }).lastAutoTable?.finalY;
  return finalY ?? y;
}

/**
 * A TrueType family for the text Helvetica cannot write (PDF's standard fonts know only Windows-1252): names in
 * Greek, Cyrillic or Central European letters. Its regular and bold files, as bytes.
 */
export type PdfFonts = { regular: Uint8Array; bold: Uint8Array };
const UNICODE_FAMILY = 'LiberationSans';
const families = new WeakMap<jsPDF, string>();
const familyOf = (pdf: jsPDF) => families.get(pdf) ?? 'helvetica';

/** The characters of Windows-1252 outside Latin-1 (€, curly quotes, dashes…): Helvetica writes them too. */
const WINDOWS_1252_EXTRA = new Set(
  [
    0x20ac, 0x201a, 0x0192, 0x201e, 0x2026, 0x2020, 0x2021, 0x02c6, 0x2030, 0x0160, 0x2039, 0x0152, 0x017d,
    0x2018, 0x2019, 0x201c, 0x201d, 0x2022, 0x2013, 0x2014, 0x02dc, 0x2122, 0x0161, 0x203a, 0x0153, 0x017e,
    0x0178,
  ].map((code) => String.fromCharCode(code)),
);

/** Whether some text of the report needs the Unicode family (a name Helvetica would print as garbage). */
export function needsUnicodeFont(content: ReviewPdfContent): boolean {
  for (const char of JSON.stringify(content)) {
    const code = char.codePointAt(0)!;
    if (code > 0xff && !WINDOWS_1252_EXTRA.has(char)) return true;
  }
  return false;
}

/** Bytes as the binary string jsPDF's file system takes (one character per byte). */
function binaryString(bytes: Uint8Array): string {
  let text = '';
  for (let i = 0; i < bytes.length; i += 0x8000)
    text += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return text;
}

function embedFonts(pdf: jsPDF, fonts: PdfFonts) {
  pdf.addFileToVFS(`${UNICODE_FAMILY}-Regular.ttf`, binaryString(fonts.regular));
  pdf.addFileToVFS(`${UNICODE_FAMILY}-Bold.ttf`, binaryString(fonts.bold));
  pdf.addFont(`${UNICODE_FAMILY}-Regular.ttf`, UNICODE_FAMILY, 'normal');
  pdf.addFont(`${UNICODE_FAMILY}-Bold.ttf`, UNICODE_FAMILY, 'bold');
  families.set(pdf, UNICODE_FAMILY);
}

/**
 * The report as a jsPDF document: header, report card tiles, the organizer chart, then every table. With
 * `fonts` its text is written in them (embedded, the letters used only); otherwise in Helvetica.
 */
export function buildReviewPdf(content: ReviewPdfContent, fonts?: PdfFonts): jsPDF {
  const pdf = new jsPDF({ orientation: 'portrait', unit: 'pt', format: 'a4', compress: true });
  if (fonts) embedFonts(pdf, fonts);
  pdf.setProperties({ title: content.title, subject: 'MeetWell review', creator: 'MeetWell' });
  pdf.setFont(familyOf(pdf), 'bold');
  pdf.setFontSize(16);
  pdf.setTextColor(INK);
  pdf.text(content.title, PAGE.margin, PAGE.margin + 8);
  pdf.setFont(familyOf(pdf), 'normal');
  pdf.setFontSize(9);
  pdf.setTextColor(DIMMED);
  pdf.text(content.subtitle, PAGE.margin, PAGE.margin + 22);

  let y = drawTiles(pdf, content.reports, PAGE.margin + 32);
  y = heading(pdf, 'Organizer stats', y + 22);
  pdf.setFont(familyOf(pdf), 'normal');
  pdf.setFontSize(8);
  pdf.setTextColor(DIMMED);
  pdf.text(
    'Average score per organizer per day (lines); nudges sent per day (grey bars, right axis).',
    PAGE.margin,
    y + 2,
  );
  y = drawChart(pdf, content, y + 8);

  for (const table of reviewExportTables(content.reports)) y = drawTable(pdf, table, y + 6);

  const pages = pdf.getNumberOfPages();
  for (let page = 1; page <= pages; page++) {
    pdf.setPage(page);
    pdf.setFont(familyOf(pdf), 'normal');
    pdf.setFontSize(8);
    pdf.setTextColor(DIMMED);
    pdf.text('MeetWell', PAGE.margin, PAGE.height - PAGE.margin + 12);
    pdf.text(`${page} / ${pages}`, PAGE.width - PAGE.margin, PAGE.height - PAGE.margin + 12, {
      align: 'right',
    });
  }
  return pdf;
}
