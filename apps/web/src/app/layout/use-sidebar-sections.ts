import { useLocalStorage } from '@mantine/hooks';

/** Which expandable sidebar sections are open; persisted like the spec's "sidebar" client state. */
export const useSidebarSections = () => {
  const [open, setOpen] = useLocalStorage<Record<string, boolean>>({
    key: 'sales-assist.sidebar',
    defaultValue: {},
    getInitialValueInEffect: false,
  });
  const toggle = (key: string, value: boolean) => setOpen((previous) => ({ ...previous, [key]: value }));
  return { open, toggle };
};
