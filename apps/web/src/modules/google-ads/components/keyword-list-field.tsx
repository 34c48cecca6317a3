import { Select } from '@mantine/core';
import { ZKeywordListsResponse } from '@sales-assist/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../app/api/api-client';

type TKeywordListFieldProps = {
  value: number | null;
  onChange: (id: number | null) => void;
  disabled?: boolean;
};

/** One of the user's saved keyword lists (made on the Keywords screen), whose keywords join the typed ones. */
export const KeywordListField = ({ value, onChange, disabled }: TKeywordListFieldProps) => {
  const lists = useQuery({
    queryKey: ['keyword-lists'],
    queryFn: () => api('/keywords/lists', { schema: ZKeywordListsResponse, toastErrors: false }),
    staleTime: 30_000,
    retry: false,
  });
  const data = (lists.data?.lists ?? []).map((list) => ({
    value: String(list.id),
    label: `${list.name} (${list.keyword_count})`,
  }));
  return (
    <Select
      label="Saved keyword list"
      description="Optional: its keywords are added to the ones typed above."
      placeholder={
        lists.isLoading ? 'Loading your lists…' : data.length === 0 ? 'No saved lists yet' : 'Choose a list'
      }
      data={data}
      value={value === null ? null : String(value)}
      onChange={(chosen) => onChange(chosen === null ? null : Number(chosen))}
      clearable
      searchable
      nothingFoundMessage="No list by that name"
      disabled={disabled || lists.isError}
      error={lists.isError ? 'Your keyword lists could not be loaded' : undefined}
    />
  );
};
