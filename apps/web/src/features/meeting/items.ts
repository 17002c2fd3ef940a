// The lists of a meeting (agenda, objectives, pre-work): what each is called, and a form's draft of an item.
import type { NewItemAttributes } from './api';
import type { AgendaItem, ItemKind, MeetingItem, PreworkItem } from './types';

export const ITEM_SECTIONS: Record<
  ItemKind,
  {
    title: string;
    setting: 'required_agenda' | 'required_objectives' | 'required_prework';
    help: string;
    noun: string;
  }
> = {
  agenda_items: {
    title: 'Agenda',
    setting: 'required_agenda',
    help: '/faq#plan-add-agenda',
    noun: 'agenda item',
  },
  objectives: {
    title: 'Objectives',
    setting: 'required_objectives',
    help: '/faq#plan-add-objective',
    noun: 'objective',
  },
  prework_items: {
    title: 'Pre-work',
    setting: 'required_prework',
    help: '/faq#plan-add-prework',
    noun: 'pre-work item',
  },
};

/** 'an agenda item', 'a pre-work item'. */
export function withArticle(noun: string): string {
  return `${/^[aeiou]/.test(noun) ? 'an' : 'a'} ${noun}`;
}

export interface Draft {
  description: string;
  minutes: number | '';
  url: string;
}

export const EMPTY_DRAFT: Draft = { description: '', minutes: '', url: '' };

export function draftOf(kind: ItemKind, item: MeetingItem): Draft {
  if (kind === 'agenda_items') {
    const agenda = item as AgendaItem;
    return { description: agenda.description, minutes: agenda.duration_in_mins ?? '', url: '' };
  }
  if (kind === 'prework_items') {
    const prework = item as PreworkItem;
    return { description: prework.description, minutes: prework.timebox ?? '', url: prework.url ?? '' };
  }
  return { description: item.description, minutes: '', url: '' };
}

export function attributesOf(kind: ItemKind, draft: Draft): NewItemAttributes {
  const description = draft.description.trim();
  const minutes = draft.minutes === '' ? null : Number(draft.minutes);
  if (kind === 'agenda_items') return { description, duration_in_mins: minutes };
  if (kind === 'prework_items') return { description, timebox: minutes, url: draft.url.trim() || null };
  return { description };
}
