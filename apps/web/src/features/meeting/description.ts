import { htmlToText } from '@meetwell/domain';
import { DESCRIPTION_COLLAPSE_CHARS } from '../../copy/ui';

/** The description as plain text (providers often send HTML). */
export function descriptionText(description: string | null | undefined): string {
  if (!description) return '';
  const text = /<[a-z][\s\S]*>/i.test(description) ? htmlToText(description) : description;
  // htmlToText keeps link addresses between two private-use marks.
  return text
    .replace(/\uE000/g, ' (')
    .replace(/\uE001/g, ')')
    .trim();
}

/** The meeting modal collapses a description over 50 characters, or whenever the meeting has agenda items. */
export function shouldCollapseDescription(text: string, agendaItemCount: number): boolean {
  return text.length > DESCRIPTION_COLLAPSE_CHARS || agendaItemCount > 0;
}
