import '@mantine/tiptap/styles.css';
import {
  Alert,
  Badge,
  Button,
  Card,
  Center,
  Grid,
  Group,
  Loader,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { Link, RichTextEditor } from '@mantine/tiptap';
import {
  BLOG_MESSAGES,
  BLOG_SLUG_MAX,
  BLOG_TITLE_MAX,
  META_DESCRIPTION_MAX,
  type TBlogPost,
  type TWriterKind,
  waitingForModelText,
} from '@sales-assist/contract';
import { IconCopy, IconDeviceFloppy, IconMarkdown, IconRefresh, IconTrash } from '@tabler/icons-react';
import { useEditor, useEditorState } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { useEffect, useMemo, useState } from 'react';
import { LoadFailed } from '../../../ui/load-failed';
import { ContentScheduleBadge } from '../../schedule/components/content-schedule-badge';
import { ScheduleButton } from '../../schedule/components/schedule-dialog-button';
import { useBlog } from '../hooks/use-blog';
import { useDeleteBlog, useRegenerateSection, useUpdateBlog } from '../hooks/use-blog-mutations';
import { sectionsOfHtml } from '../lib/blog-sections';
import { copyText, markdownOf } from '../lib/copy-text';
import { slugAfterTitleEdit } from '../lib/follow-title';
import { BlogPictureCard } from './blog-picture-card';
import { confirmDeleteBlog } from './confirm-delete';
import { WRITER_BADGES, WriterNotice } from './writer-notice';

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

type TFields = { title: string; slug: string; meta: string };
const fieldsOf = (blog: TBlogPost): TFields => ({
  title: blog.title,
  slug: blog.slug,
  meta: blog.meta_description,
});

type TBlogEditorProps = { id: number; writer: TWriterKind | undefined; onClose: () => void };

/** One post in the rich-text editor: its fields, the body, a section rewritten at a time, copy, delete. */
export const BlogEditor = ({ id, writer, onClose }: TBlogEditorProps) => {
  const blog = useBlog(id);
  if (blog.isPending) {
    return (
      <Center py="xl">
        <Loader aria-label="Loading the post" />
      </Center>
    );
  }
  if (blog.isError || !blog.data)
    return <LoadFailed what="this blog post" onRetry={() => void blog.refetch()} />;
  if (blog.data.status !== 'ready') {
    return (
      <Alert color={blog.data.status === 'failed' ? 'red' : 'blue'} title={blog.data.title}>
        {blog.data.status === 'failed'
          ? (blog.data.error ?? BLOG_MESSAGES.postFailed)
          : blog.data.waiting_for_model
            ? waitingForModelText(blog.data.waiting_for_model)
            : `Writing… ${blog.data.progress}%`}
      </Alert>
    );
  }
  return <ReadyEditor key={blog.data.id} blog={blog.data} writer={writer} onClose={onClose} />;
};

const ReadyEditor = ({
  blog,
  writer,
  onClose,
}: {
  blog: TBlogPost;
  writer: TWriterKind | undefined;
  onClose: () => void;
}) => {
  const [fields, setFields] = useState<TFields>(() => fieldsOf(blog));
  // The body as the editor writes it when it was last saved (the editor normalises the HTML it is given).
  const [savedBody, setSavedBody] = useState<string | null>(null);
  const update = useUpdateBlog(blog.id);
  const regenerate = useRegenerateSection(blog.id);
  const remove = useDeleteBlog();
  const editor = useEditor({
    extensions: [StarterKit.configure({ link: false, heading: { levels: [2, 3, 4] } }), Link],
    content: blog.body_html,
    immediatelyRender: true,
    shouldRerenderOnTransaction: false,
  });
  const html = useEditorState({ editor, selector: ({ editor: current }) => current?.getHTML() ?? '' }) ?? '';
  const sections = useMemo(() => sectionsOfHtml(html), [html]);
  const [busySection, setBusySection] = useState<number | null>(null);

  useEffect(() => {
    if (editor && savedBody === null) setSavedBody(editor.getHTML());
  }, [editor, savedBody]);

  const slugError = fields.slug && !SLUG.test(fields.slug) ? BLOG_MESSAGES.slugInvalid : null;
  const metaTooLong = fields.meta.length > META_DESCRIPTION_MAX;
  const titleMissing = fields.title.trim() === '';
  const dirty =
    fields.title !== blog.title ||
    fields.slug !== blog.slug ||
    fields.meta !== blog.meta_description ||
    (savedBody !== null && html !== savedBody);

  const save = () =>
    update.mutate(
      {
        title: fields.title.trim(),
        slug: fields.slug,
        meta_description: fields.meta.trim(),
        body_html: html,
      },
      {
        onSuccess: (saved) => {
          setFields(fieldsOf(saved));
          editor?.commands.setContent(saved.body_html, { emitUpdate: true });
          setSavedBody(editor?.getHTML() ?? saved.body_html);
        },
      },
    );

  const rewrite = (index: number) => {
    setBusySection(index);
    regenerate.mutate(
      { section_index: index, body_html: html },
      {
        onSuccess: (saved) => {
          editor?.commands.setContent(saved.body_html, { emitUpdate: true });
          setSavedBody(editor?.getHTML() ?? saved.body_html);
        },
        onSettled: () => setBusySection(null),
      },
    );
  };

  return (
    <Stack gap="md">
      <WriterNotice writer={writer} />
      {blog.review.length > 0 && (
        <Alert color="orange" variant="light" title="Needs review before publishing">
          {blog.review.join(' ')}
        </Alert>
      )}
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Group gap="xs">
          <Badge color={blog.writer === 'offline' ? 'yellow' : 'indigo'} variant="outline">
            {WRITER_BADGES[blog.writer]}
          </Badge>
          <Text size="sm" c="dimmed">
            {blog.word_count.toLocaleString()} words · {blog.keywords_used.join(', ') || 'no keywords'}
          </Text>
          {dirty && (
            <Badge color="orange" variant="light">
              Unsaved changes
            </Badge>
          )}
          <ContentScheduleBadge contentId={blog.id} />
        </Group>
        <Group gap="xs">
          <Button
            variant="default"
            leftSection={<IconCopy size={16} />}
            onClick={() => void copyText(html, 'HTML')}
          >
            Copy as HTML
          </Button>
          <Button
            variant="default"
            leftSection={<IconMarkdown size={16} />}
            onClick={() => void copyText(markdownOf(html), 'Markdown')}
          >
            Copy as Markdown
          </Button>
          <Button
            variant="light"
            color="red"
            leftSection={<IconTrash size={16} />}
            onClick={() => confirmDeleteBlog(blog, () => remove.mutate(blog.id, { onSuccess: onClose }))}
          >
            Delete
          </Button>
          <ScheduleButton
            content={{ id: blog.id, kind: 'blog', title: blog.title }}
            notReady={dirty ? 'Save your changes first: the saved post is what is published' : null}
          />
          <Button
            leftSection={<IconDeviceFloppy size={16} />}
            loading={update.isPending}
            disabled={!dirty || Boolean(slugError) || metaTooLong || titleMissing}
            onClick={save}
          >
            Save
          </Button>
        </Group>
      </Group>
      <Card>
        <Stack gap="sm">
          <TextInput
            label="Title"
            value={fields.title}
            maxLength={BLOG_TITLE_MAX}
            error={titleMissing ? BLOG_MESSAGES.titleRequired : null}
            onChange={(event) => {
              const title = event.currentTarget.value;
              setFields({ ...fields, title, slug: slugAfterTitleEdit(fields.title, fields.slug, title) });
            }}
          />
          <TextInput
            label="Slug"
            description="The post's address on your site"
            value={fields.slug}
            maxLength={BLOG_SLUG_MAX}
            error={slugError}
            onChange={(event) => setFields({ ...fields, slug: event.currentTarget.value })}
          />
          <Textarea
            label="Meta description"
            description={
              <Text span size="xs" c={metaTooLong ? 'red' : 'dimmed'} aria-live="polite">
                {fields.meta.length} / {META_DESCRIPTION_MAX}
              </Text>
            }
            autosize
            minRows={2}
            value={fields.meta}
            error={metaTooLong ? BLOG_MESSAGES.metaTooLong : null}
            onChange={(event) => setFields({ ...fields, meta: event.currentTarget.value })}
          />
        </Stack>
      </Card>
      <Grid gap="md" align="flex-start">
        <Grid.Col span={{ base: 12, lg: 8 }}>
          <RichTextEditor editor={editor} aria-label="Post body">
            <RichTextEditor.Toolbar sticky stickyOffset={0}>
              <RichTextEditor.ControlsGroup>
                <RichTextEditor.Bold />
                <RichTextEditor.Italic />
                <RichTextEditor.Strikethrough />
                <RichTextEditor.Code />
              </RichTextEditor.ControlsGroup>
              <RichTextEditor.ControlsGroup>
                <RichTextEditor.H2 />
                <RichTextEditor.H3 />
                <RichTextEditor.H4 />
              </RichTextEditor.ControlsGroup>
              <RichTextEditor.ControlsGroup>
                <RichTextEditor.Blockquote />
                <RichTextEditor.BulletList />
                <RichTextEditor.OrderedList />
                <RichTextEditor.Hr />
              </RichTextEditor.ControlsGroup>
              <RichTextEditor.ControlsGroup>
                <RichTextEditor.Link />
                <RichTextEditor.Unlink />
              </RichTextEditor.ControlsGroup>
              <RichTextEditor.ControlsGroup>
                <RichTextEditor.Undo />
                <RichTextEditor.Redo />
              </RichTextEditor.ControlsGroup>
            </RichTextEditor.Toolbar>
            <RichTextEditor.Content />
          </RichTextEditor>
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 4 }} style={{ position: 'sticky', top: 16 }}>
          <Card>
            <Stack gap="xs">
              <Title order={5}>Regenerate a section</Title>
              <Text size="sm" c="dimmed">
                Rewrite one section (under its heading); the post is saved with it, your other changes
                included.
              </Text>
              {sections.length === 0 && (
                <Text size="sm" c="dimmed">
                  No sections: add a heading (H2) to make one.
                </Text>
              )}
              {sections.map((section) => (
                <Group
                  key={`${section.index}-${section.heading}`}
                  justify="space-between"
                  wrap="nowrap"
                  gap="xs"
                >
                  <Text size="sm" lineClamp={2} style={{ flex: 1 }}>
                    {section.heading}
                  </Text>
                  <Button
                    size="xs"
                    variant="light"
                    leftSection={<IconRefresh size={14} />}
                    loading={busySection === section.index}
                    disabled={busySection !== null && busySection !== section.index}
                    aria-label={`Regenerate section: ${section.heading}`}
                    onClick={() => rewrite(section.index)}
                  >
                    Regenerate
                  </Button>
                </Group>
              ))}
            </Stack>
          </Card>
          <BlogPictureCard blog={blog} />
        </Grid.Col>
      </Grid>
    </Stack>
  );
};
