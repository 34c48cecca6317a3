import { Badge, Group } from '@mantine/core';
import type { TLinkedinPostsResponse } from '@sales-assist/contract';
import { IconBrandLinkedin } from '@tabler/icons-react';
import { EmptyState } from '../../../ui/empty-state';
import { SavedList, savedAt, type TSavedListState } from '../../../ui/saved-list';
import { ContentScheduleBadge } from '../../schedule/components/content-schedule-badge';
import { WriterBadge } from './writer-badge';

type TSavedPostsProps = TSavedListState & { data: TLinkedinPostsResponse | undefined };

/** The saved posts, newest first, ten a page; a click opens one in the editor. */
export const SavedPosts = ({ data, ...list }: TSavedPostsProps) => (
  <SavedList
    {...list}
    rows={data?.posts.map((post) => ({
      id: post.id,
      openLabel: `Open post: ${post.hook}`,
      title: post.hook || 'Untitled post',
      summary: post.text.slice(post.hook.length).trim(),
      summaryLines: 2,
      badges: (
        <Group gap={6}>
          <WriterBadge writer={post.writer} model={post.model} />
          <Badge variant="outline" color="gray" size="sm">
            {post.status}
          </Badge>
          {/* Inside the row's button: the badge tells, the editor's badge links to the calendar. */}
          <ContentScheduleBadge contentId={post.id} linked={false} />
        </Group>
      ),
      meta: `${savedAt(post.created_at)} · ${post.characters.toLocaleString('en-US')} characters`,
    }))}
    total={data?.total ?? 0}
    limit={data?.limit ?? 1}
    noun="posts"
    skeletonHeight={72}
    empty={
      <EmptyState
        icon={IconBrandLinkedin}
        title="No LinkedIn posts yet"
        hint="Write from a topic, one of your blog posts or one of your texts: the variants you keep are listed here."
      />
    }
  />
);
