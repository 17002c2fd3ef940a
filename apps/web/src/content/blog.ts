// Blog posts and memes shown on /blog (newest first) and /blog/{slug}.
// Front matter follows the spec: type, title, slug, description, tags, date, media, mediaUrl, mediaMisc.

type BlogPostType = 'post' | 'meme';

export interface BlogPost {
  type: BlogPostType;
  title: string;
  slug: string;
  description: string;
  /** Comma-separated. */
  tags: string;
  /** YYYY-MM-DD */
  date: string;
  /** An emoji standing in for the picture. */
  media: string;
  mediaUrl?: string;
  /** Meme caption: 'top line|bottom line'. */
  mediaMisc?: string;
  body: string;
}

export const BLOG_POSTS: BlogPost[] = [
  {
    type: 'post',
    title: 'Our manifesto: meetings should earn their place',
    slug: 'manifesto',
    description: 'Why we built MeetWell, and the five beliefs behind every feature.',
    tags: 'manifesto,culture',
    date: '2025-06-02',
    media: '📜',
    body: `Most of us did not choose our calendars. They filled up one invitation at a time, each reasonable on its own, until there was no time left for the work the meetings were about. We built MeetWell because we think that is fixable.

## What we believe

- **A meeting is a tool, not a habit.** It should have a reason to exist, written down before it starts.
- **Time is the only budget nobody tracks.** A one-hour meeting with eight people costs a working day. It should be spent on purpose.
- **Focus and life deserve a place on the calendar.** If it isn't blocked, it will be booked.
- **Saying no should be easy and polite.** A clear standard, applied to everyone the same way, is kinder than a hundred awkward excuses.
- **Measure, don't shame.** A score is a mirror, not a verdict. It shows what to fix next.

## What that means in the product

MeetWell scores every meeting from 0 to 100 against standards you choose, protects Wellness blocks for focus and life, and nudges organizers to add what is missing. When a meeting still doesn't earn its place, it can decline it for you, with a warning first and a chance to fix it.

Fewer, better meetings. That is the whole idea.`,
  },
  {
    type: 'post',
    title: 'No agenda, no attenda',
    slug: 'no-agenda-no-attenda',
    description: 'The single change that improves meetings the most, and how to make it stick.',
    tags: 'agenda,habits',
    date: '2025-05-12',
    media: '📝',
    body: `If you change one thing about your meetings this quarter, make it this: every invitation carries an agenda, or you don't go.

An agenda does three jobs at once. It tells people whether they need to be there. It lets them prepare. And it gives the meeting a finish line, so it can end early when the last item is done.

## Keep it short

Three to five items, each a line long, each with a rough duration. "Launch date: decide (15 min)" beats "Launch discussion". If you can't write the items, the meeting probably isn't ready to happen.

## Make it visible

Put the agenda in the calendar description under a line that says Agenda. That way it travels with the invitation, shows up on phones, and MeetWell can read it. The agenda is worth 20 points out of 100 in a MeetWell score: no other rule counts more.`,
  },
  {
    type: 'meme',
    title: 'This meeting could have been an email',
    slug: 'could-have-been-an-email',
    description: 'A classic, for a reason.',
    tags: 'humor',
    date: '2025-04-28',
    media: '📧',
    mediaMisc: 'Me, 58 minutes into a status update|This could have been an email',
    body: `If the only goal is to share information, write it down. People read faster than you talk, and they can do it when it suits them. Save the meeting for decisions and discussion.`,
  },
  {
    type: 'post',
    title: 'What a one-hour meeting really costs',
    slug: 'true-cost-of-meetings',
    description: 'A little arithmetic that changes how invitations look.',
    tags: 'cost,data',
    date: '2025-04-14',
    media: '💸',
    body: `Take an average salary of $80,000 a year. Spread over 52 weeks of 40 hours, that is about $38 an hour per person. Invite eight people to a one-hour meeting and it costs roughly $308, before anyone counts the time it takes to get back into the work they left.

Hold it every week and it costs about $16,000 a year.

## Make cost visible

Nobody would sign a $16,000 purchase order without asking what it is for. Yet a recurring invite gets accepted with one click. MeetWell shows the cost of every meeting next to its score, and adds it up in your report card, so the question "is this worth it?" gets asked at the right moment.

## Cheaper is not the goal

Some meetings are worth every cent: a good decision made quickly saves weeks. The point is not to hold fewer meetings at any price, but to know the price.`,
  },
  {
    type: 'post',
    title: 'Wellness blocks: put your focus time on the calendar',
    slug: 'protect-focus-time',
    description: "If it isn't blocked, it will be booked.",
    tags: 'wellness,focus',
    date: '2025-03-31',
    media: '🧘',
    body: `Deep work needs long, quiet stretches, and calendars are very good at chopping them up. A thirty-minute gap between two meetings is not focus time; it is a place to answer email.

## Block it like a meeting

A Wellness block is a weekly chunk of time you protect: Focus for deep work, Life for everything else, like a walk, lunch away from the desk or the school run. Pick the days and the hours, and MeetWell adds it to your calendar.

## Make it count

Meetings that land on a Wellness block lose 20 points, and Auto-Balance can decline them for you after a warning to the organizer. Start small: two mornings a week is enough to feel the difference.`,
  },
  {
    type: 'meme',
    title: 'Double booked',
    slug: 'double-booked',
    description: 'When your calendar thinks you can be in two places at once.',
    tags: 'humor,conflicts',
    date: '2025-03-17',
    media: '🫠',
    mediaMisc: 'Calendar: you have 3 meetings at 2 pm|Me: which version of me is going?',
    body: `Meeting conflicts cost 15 points in a MeetWell score. Decline one of them early and the organizer can find a better time for everyone.`,
  },
  {
    type: 'post',
    title: 'How to decline a meeting without burning a bridge',
    slug: 'decline-gracefully',
    description: 'Saying no, kindly and clearly.',
    tags: 'habits,auto-balance',
    date: '2025-03-03',
    media: '🙅',
    body: `Declining feels rude, so we accept, and then we resent the meeting. A clear, kind no is better for everyone.

## Say why, briefly

"I'm declining because there's no agenda yet. Happy to join if we add one" gives the organizer something to fix. "Conflicts with my focus time on Tuesdays" sets a boundary without drama.

## Offer an alternative

Ask for notes, suggest someone better placed, or propose a shorter slot. Declining the meeting is not declining the person.

## Let a standard do it

The hardest part of declining is that it feels personal. A shared standard, applied to every invitation the same way, takes the personal out of it. That is what Auto-Balance does: it warns the organizer first, tells them exactly what is missing, and only declines if nothing changes.`,
  },
  {
    type: 'post',
    title: 'Write objectives, not topics',
    slug: 'objectives-not-topics',
    description: 'A meeting without an objective cannot succeed, because it cannot finish.',
    tags: 'objectives,agenda',
    date: '2025-02-17',
    media: '🎯',
    body: `"Q3 roadmap" is a topic. "Agree on the three Q3 priorities" is an objective. The difference decides whether the meeting ends with a result or with "let's continue next week".

## Test: can you check it?

A good objective is something you can tick off at the end: a decision made, a plan agreed, a risk owned. If you cannot tell whether it happened, rewrite it.

## One or two is plenty

A meeting with six objectives is three meetings. Pick the one that matters most, put it first, and let the rest wait.

List objectives in the invitation under a line that says Objectives, and MeetWell counts them: they are worth 10 points in a meeting score.`,
  },
  {
    type: 'post',
    title: 'Last-minute meetings are a tax on everyone else',
    slug: 'last-minute-meetings',
    description: 'Why notice time matters, and how much is enough.',
    tags: 'scheduling,habits',
    date: '2025-02-03',
    media: '⏰',
    body: `A meeting booked for this afternoon rearranges the day of everyone invited. Plans get dropped, focus time gets broken, and people arrive unprepared because there was no time to prepare.

## Give a day when you can

Twenty-four hours of notice is a good default for most meetings. Real emergencies exist, but they are rarer than our calendars suggest.

## Measure it

MeetWell checks how long before the start you were invited. Meetings booked with less notice than you expect lose 15 points, and your report card shows how many last-minute meetings you had compared with the week before.`,
  },
  {
    type: 'meme',
    title: 'The agenda',
    slug: 'the-agenda',
    description: 'Spot the agenda.',
    tags: 'humor,agenda',
    date: '2025-01-20',
    media: '🔍',
    mediaMisc: 'Invitation: "Quick sync"|Agenda: …',
    body: `"Quick sync" is not an agenda. Three lines in the description are enough to turn it into one.`,
  },
  {
    type: 'post',
    title: 'How many people should be in the room?',
    slug: 'how-many-people',
    description: 'Every extra attendee makes a meeting slower and more expensive.',
    tags: 'attendees,cost',
    date: '2025-01-06',
    media: '👥',
    body: `Decision-making meetings work best small. Each extra person adds opinions, side conversations and cost, and makes it easier for everyone to assume someone else will speak up.

## Invite for a role

For each name on the invitation, ask what they will do in the meeting: decide, advise, or do the work that follows. If the answer is "stay informed", send them the notes instead.

## Pick your limit

MeetWell lets you set the largest meeting you want to be in (4, 6, 8, 10 or more people). Meetings above it lose a few points; large all-hands meetings can be left out of your evaluations entirely.`,
  },
  {
    type: 'post',
    title: 'Pre-work: the meeting before the meeting',
    slug: 'pre-work',
    description: 'Ten minutes of reading can save thirty minutes of presenting.',
    tags: 'prework,habits',
    date: '2024-12-09',
    media: '📚',
    body: `Half of many meetings is spent presenting things that could have been read in advance. Pre-work moves that half out of the room, so the meeting can be spent on questions and decisions.

## Keep it light

One document, one short video, or three questions to think about. Say how long it takes: "10 minutes". People do pre-work they can fit in.

## Put it in the invitation

List it under a line that says Pre-work in the description, with a link for each item. MeetWell shows it on the meeting screen, so nobody has to dig through email for the deck.`,
  },
  {
    type: 'meme',
    title: 'Reply all',
    slug: 'reply-all',
    description: 'A meeting invitation with 40 people, and one question.',
    tags: 'humor,attendees',
    date: '2024-11-25',
    media: '📣',
    mediaMisc: '40 people invited to "Brainstorm"|38 of them on mute',
    body: `Brainstorms work best with five to seven people. Invite the rest to read the results.`,
  },
  {
    type: 'post',
    title: 'Audit your recurring meetings',
    slug: 'recurring-meeting-audit',
    description: 'A quarterly spring-clean for the meetings nobody remembers creating.',
    tags: 'recurring,habits',
    date: '2024-11-11',
    media: '🧹',
    body: `Recurring meetings are created for a good reason and kept out of habit. A quick audit once a quarter frees more time than almost anything else.

## Three questions per meeting

- Would we create this meeting today if it didn't exist?
- Could it be shorter, or every other week?
- Does everyone invited still need to be there?

## Use your scores

Sort your recurring meetings by score and cost. The expensive ones with low scores are the first to fix: add an agenda, trim the list, or end them. MeetWell scores each occurrence separately, so you can see whether the changes stick.`,
  },
  {
    type: 'post',
    title: 'Scores, not shame: how we score meetings',
    slug: 'how-we-score-meetings',
    description: 'What goes into a MeetWell score, and why each rule is there.',
    tags: 'scores,product',
    date: '2024-10-28',
    media: '💯',
    body: `Every meeting gets a score from 0 to 100. It is the weighted share of your standards that the meeting meets, and every rule is one that people told us they care about.

## The rules and their weights

- An agenda: 20
- No clash with a Wellness block: 20
- No clash with another meeting: 15
- Enough notice: 15
- Objectives: 10
- A stated intention (decide, plan, brainstorm...): 6
- Not too many attendees: 5
- Not too long: 5
- Video or location details: 2

## Reading a score

80 and over is a healthy meeting. 70 to 79 is fair, 60 to 69 needs a nudge, and under 60 needs work. The meeting screen lists exactly which rules passed and failed, so the next step is always clear.`,
  },
  {
    type: 'meme',
    title: 'Friday, 4:30 pm',
    slug: 'friday-afternoon',
    description: 'The most optimistic meeting slot of the week.',
    tags: 'humor,scheduling',
    date: '2024-10-14',
    media: '🌅',
    mediaMisc: 'New invite: Friday 4:30 pm, "Kickoff"|Everyone: *stares into the sunset*',
    body: `Late-Friday kickoffs rarely kick anything off. Move them to a time when people have the energy to start something.`,
  },
  {
    type: 'post',
    title: 'The 25-minute meeting',
    slug: 'the-25-minute-meeting',
    description: 'Why shorter defaults make better meetings, and better days.',
    tags: 'duration,habits',
    date: '2024-09-30',
    media: '⏱️',
    body: `Work expands to fill the time available, and meetings are no exception. A 60-minute slot will take 60 minutes, whether or not the agenda needs them.

## Shorter by default

Try 25 and 50 minutes instead of 30 and 60. The five or ten minutes you give back are the ones people use to write notes, stretch, or walk to the next room. Back-to-back days stop being back-to-back.

## Set your longest

In MeetWell you choose the longest meeting you want (15 minutes to 2 hours). Longer meetings lose a few points, and your report card shows how much of your week went to meetings.`,
  },
];

export const BLOG_PAGE_SIZE = 8;

/** Newest first, optionally only posts or only memes. */
export function sortedPosts(filter: 'all' | 'posts' | 'memes' = 'all'): BlogPost[] {
  return BLOG_POSTS.filter(
    (post) => filter === 'all' || (filter === 'posts' ? post.type === 'post' : post.type === 'meme'),
  ).sort((a, b) => b.date.localeCompare(a.date));
}

export function findPost(slug: string): BlogPost | undefined {
  return BLOG_POSTS.find((post) => post.slug === slug);
}
