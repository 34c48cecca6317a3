import { Group, SegmentedControl, Select, Text, Textarea } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { Link } from 'react-router';
import { useBlogChoices, useTextInputChoices } from '../hooks/use-source-choices';
import type { TWriteFrom, TWriteFromSource } from '../hooks/use-write-from';

const SOURCES = [
  { value: 'topic', label: 'Topic' },
  { value: 'blog', label: 'Blog post' },
  { value: 'input', label: 'Input' },
];

/** The texts that differ between the panels that write from a source. */
export type TWriteFromWording = {
  topicDescription: string;
  topicPlaceholder: string;
  /** Shown once Generate was pressed with an empty topic. */
  topicRequired: string;
  topicTooLong: string;
  blogLabel: string;
  blogDescription: string;
  inputDescription?: string;
};

type TWriteFromFieldsProps = {
  from: TWriteFrom;
  wording: TWriteFromWording;
  topicMax: number;
  /** Generate was pressed: a missing topic is pointed out. */
  touched: boolean;
  disabled: boolean;
};

/**
 * "Write from" a topic, one of the user's finished blog posts (searched by title) or one of their texts, with the
 * field of the chosen source. A blog post the panel was opened from is listed even before the search finds it.
 */
export const WriteFromFields = ({ from, wording, topicMax, touched, disabled }: TWriteFromFieldsProps) => {
  const [blogSearch, setBlogSearch] = useState('');
  const [debouncedSearch] = useDebouncedValue(blogSearch, 300);
  const blogs = useBlogChoices(debouncedSearch, from.source === 'blog');
  const texts = useTextInputChoices(from.source === 'input');

  const topicError =
    touched && !from.topic.trim()
      ? wording.topicRequired
      : from.topic.length > topicMax
        ? wording.topicTooLong
        : null;
  const blogData = (blogs.data ?? []).map((blog) => ({
    value: String(blog.id),
    label: blog.title || 'Untitled post',
  }));
  const pinned = from.initialBlogId ? String(from.initialBlogId) : null;
  if (pinned && from.blogId === pinned && !blogData.some((item) => item.value === pinned)) {
    blogData.unshift({ value: pinned, label: `Blog post #${pinned}` });
  }
  const textData = (texts.data?.inputs ?? []).map((input) => ({
    value: String(input.id),
    label: input.name,
  }));

  return (
    <>
      <Group justify="space-between" wrap="wrap">
        <Text fw={700}>Write from</Text>
        <SegmentedControl
          aria-label="Write from"
          value={from.source}
          onChange={(value) => from.setSource(value as TWriteFromSource)}
          data={SOURCES}
          disabled={disabled}
        />
      </Group>
      {from.source === 'topic' && (
        <Textarea
          label="Topic"
          description={wording.topicDescription}
          placeholder={wording.topicPlaceholder}
          autosize
          minRows={2}
          maxRows={5}
          value={from.topic}
          onChange={(event) => from.setTopic(event.currentTarget.value)}
          error={topicError}
          disabled={disabled}
        />
      )}
      {from.source === 'blog' && (
        <Select
          label={wording.blogLabel}
          description={wording.blogDescription}
          placeholder={blogs.isLoading ? 'Loading your blog posts…' : 'Search your blog posts'}
          searchable
          searchValue={blogSearch}
          onSearchChange={setBlogSearch}
          filter={({ options }) => options}
          data={blogData}
          value={from.blogId}
          onChange={from.setBlogId}
          nothingFoundMessage={
            blogs.isLoading ? (
              'Loading…'
            ) : (
              <>
                No finished blog posts yet. <Link to="/website-content">Write one in Blogs</Link>
              </>
            )
          }
          disabled={disabled}
        />
      )}
      {from.source === 'input' && (
        <Select
          label="Text to write from"
          description={wording.inputDescription}
          placeholder={texts.isLoading ? 'Loading your texts…' : 'Choose a text'}
          searchable
          data={textData}
          value={from.inputId}
          onChange={from.setInputId}
          nothingFoundMessage={
            texts.isLoading ? (
              'Loading…'
            ) : (
              <>
                No texts yet. <Link to="/inputs/uploadedtexts">Add one in Inputs</Link>
              </>
            )
          }
          disabled={disabled}
        />
      )}
    </>
  );
};
