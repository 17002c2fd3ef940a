import { emojiPicture } from '../lib/emoji';

/**
 * An emoji drawn as a picture, the same on every system. Decorative unless given a label. `size` follows the
 * surrounding text by default (1em).
 */
export function Emoji({
  emoji,
  label,
  size = '1em',
}: {
  emoji: string;
  label?: string;
  size?: number | string;
}) {
  const picture = emojiPicture(emoji);
  if (!picture) {
    return label ? (
      <span role="img" aria-label={label}>
        {emoji}
      </span>
    ) : (
      <span aria-hidden="true">{emoji}</span>
    );
  }
  return (
    <img
      src={picture}
      alt={label ?? ''}
      draggable={false}
      width={typeof size === 'number' ? size : undefined}
      height={typeof size === 'number' ? size : undefined}
      style={{ width: size, height: size, display: 'inline-block', verticalAlign: '-0.125em' }}
    />
  );
}
