import { Box, Text } from '@mantine/core';
import { Emoji } from '../../components/Emoji';
import type { BlogPost } from '../../content/blog';
import classes from './Blog.module.css';

export function PostMedia({ post, large = false }: { post: BlogPost; large?: boolean }) {
  if (post.type === 'meme') {
    const [top, bottom] = (post.mediaMisc ?? '').split('|');
    return (
      <Box
        className={`${classes.meme} ${large ? classes.large : ''}`}
        role="img"
        aria-label={post.mediaMisc?.replace('|', ' / ')}
      >
        <Text className={classes.memeCaption}>{top}</Text>
        <span className={classes.memeEmoji} aria-hidden="true">
          <Emoji emoji={post.media} />
        </span>
        <Text className={classes.memeCaption}>{bottom}</Text>
      </Box>
    );
  }
  return (
    <Box className={`${classes.media} ${large ? classes.large : ''}`} aria-hidden="true">
      <Emoji emoji={post.media} />
    </Box>
  );
}
