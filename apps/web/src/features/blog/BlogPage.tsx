import {
  Anchor,
  Badge,
  Button,
  Container,
  Group,
  Paper,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import dayjs from 'dayjs';
import { Link, useParams, useSearchParams } from 'react-router';
import { Markdown } from '../../components/Markdown';
import { BLOG_PAGE_SIZE, type BlogPost, findPost, sortedPosts } from '../../content/blog';
import { useLoginModal } from '../../layout/useLoginModal';
import { usePageTitle } from '../../layout/usePageTitle';
import { NotFoundPage } from '../status/NotFoundPage';
import classes from './Blog.module.css';
import { PostMedia } from './PostMedia';

type Filter = 'all' | 'posts' | 'memes';
const FILTERS: { label: string; value: Filter }[] = [
  { label: 'All', value: 'all' },
  { label: 'Posts', value: 'posts' },
  { label: 'Memes', value: 'memes' },
];

function formatDate(date: string): string {
  return dayjs(date).format('MMMM D, YYYY');
}

/** /blog, /blog/{n} (page n of the list) and /blog/{slug} (one post). */
export function BlogPage() {
  const { page } = useParams();
  if (page && !/^\d+$/.test(page)) return <PostView slug={page} />;
  return <BlogList pageNumber={page ? Number(page) : 1} />;
}

function BlogList({ pageNumber }: { pageNumber: number }) {
  const [params, setParams] = useSearchParams();
  const raw = params.get('filter');
  const filter: Filter = raw === 'posts' || raw === 'memes' ? raw : 'all';
  const posts = sortedPosts(filter);
  const pages = Math.max(1, Math.ceil(posts.length / BLOG_PAGE_SIZE));
  const missing = !Number.isInteger(pageNumber) || pageNumber < 1 || pageNumber > pages;
  // The page's own title: a child's title would be overwritten by this effect, which runs after it.
  usePageTitle(missing ? 'Missing' : 'Blog');
  if (missing) return <NotFoundPage />;
  const shown = posts.slice((pageNumber - 1) * BLOG_PAGE_SIZE, pageNumber * BLOG_PAGE_SIZE);
  const query = filter === 'all' ? '' : `?filter=${filter}`;

  return (
    <Container size="lg" py={{ base: 'xl', sm: 56 }}>
      <Group justify="space-between" align="flex-end" mb="xl" gap="md">
        <div>
          <Title order={1} fz={{ base: 30, sm: 40 }}>
            Blog
          </Title>
          <Text c="gray.7" fz="lg">
            Notes on healthier meetings and calmer calendars, and the occasional meme.
          </Text>
        </div>
        <SegmentedControl
          aria-label="Filter posts"
          data={FILTERS}
          value={filter}
          onChange={(value) =>
            setParams(value === 'all' ? {} : { filter: value }, { preventScrollReset: true })
          }
        />
      </Group>
      <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="lg">
        {shown.map((post) => (
          <PostCard key={post.slug} post={post} />
        ))}
      </SimpleGrid>
      {pages > 1 && (
        <Group justify="center" mt="xl" gap="sm">
          <PageButton
            to={`${pageNumber - 1 <= 1 ? '/blog' : `/blog/${pageNumber - 1}`}${query}`}
            disabled={pageNumber <= 1}
          >
            Newer
          </PageButton>
          <Text c="dimmed" fz="sm">
            Page {pageNumber} of {pages}
          </Text>
          <PageButton to={`/blog/${pageNumber + 1}${query}`} disabled={pageNumber >= pages}>
            Older
          </PageButton>
        </Group>
      )}
    </Container>
  );
}

function PostCard({ post }: { post: BlogPost }) {
  return (
    <Paper component={Link} to={`/blog/${post.slug}`} withBorder radius="lg" p="md" className={classes.card}>
      <PostMedia post={post} />
      <Group gap="xs" mt="md" mb={6}>
        {/* A light badge given a shade ('warning.9') draws its text in its background's colour; an outline
            one in the darkest orange reads 5.3:1 on white (the light orange background only 4.47:1). */}
        <Badge
          variant={post.type === 'meme' ? 'outline' : 'light'}
          color={post.type === 'meme' ? 'warning.9' : 'brand'}
          size="sm"
        >
          {post.type === 'meme' ? 'Meme' : 'Post'}
        </Badge>
        <Text fz="xs" c="dimmed">
          {formatDate(post.date)}
        </Text>
      </Group>
      <Title order={2} fz="lg" mb={6}>
        {post.title}
      </Title>
      <Text c="dimmed" fz="sm">
        {post.description}
      </Text>
    </Paper>
  );
}

function PostView({ slug }: { slug: string }) {
  const post = findPost(slug);
  usePageTitle(post ? post.title : 'Missing');
  const login = useLoginModal();
  if (!post) return <NotFoundPage />;
  return (
    <Container size="sm" py={{ base: 'xl', sm: 56 }}>
      <Anchor component={Link} to="/blog" fz="sm" fw={600}>
        <Group gap={4} component="span">
          <IconArrowLeft size={14} /> All posts
        </Group>
      </Anchor>
      <Title order={1} fz={{ base: 30, sm: 40 }} mt="md" mb="xs">
        {post.title}
      </Title>
      <Group gap="xs" mb="lg">
        <Text c="dimmed" fz="sm">
          {formatDate(post.date)}
        </Text>
        {post.tags.split(',').map((tag) => (
          <Badge key={tag} variant="outline" size="sm" color="gray">
            {tag.trim()}
          </Badge>
        ))}
      </Group>
      <Stack gap="lg">
        <PostMedia post={post} large />
        <Markdown source={post.body} />
      </Stack>
      <Paper withBorder radius="lg" p="lg" mt={48} bg="gray.0">
        <Group justify="space-between" gap="md">
          <div>
            <Text fw={700}>Fewer, better meetings start this week.</Text>
            <Text c="dimmed" fz="sm">
              Try 14 days for free. No credit card required.
            </Text>
          </div>
          <Button {...login.trigger}>Try 14 days for free</Button>
        </Group>
      </Paper>
    </Container>
  );
}

/** A page link, or, where there is no such page, a disabled button (a disabled link is still a link). */
function PageButton({ to, disabled, children }: { to: string; disabled: boolean; children: string }) {
  return disabled ? (
    <Button variant="default" disabled>
      {children}
    </Button>
  ) : (
    <Button component={Link} to={to} variant="default">
      {children}
    </Button>
  );
}
