import { SimpleGrid } from '@mantine/core';
import type { TLeadImportMethod } from '@sales-assist/contract';
import { useState } from 'react';
import { EXTRACTION_METHODS, type TExtractionMethod } from './extraction-methods';
import { LeadImportDialog } from './lead-import-dialog';
import { MethodCard } from './method-card';

type TDialogMethod = TExtractionMethod & { key: TLeadImportMethod };

const hasDialog = (method: TExtractionMethod): method is TDialogMethod =>
  method.available && method.key !== 'search' && method.key !== 'page_followers';

type TLinkedInMethodsProps = { onTargetedSearch: () => void; onStarted: () => void };

/** Screen 4: the six LinkedIn extraction methods; targeted search has its own screen, the others a dialog. */
export const LinkedInMethods = ({ onTargetedSearch, onStarted }: TLinkedInMethodsProps) => {
  const [open, setOpen] = useState<TDialogMethod | null>(null);
  return (
    <>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
        {EXTRACTION_METHODS.map((method) => (
          <MethodCard
            key={method.key}
            method={method}
            onChoose={() => (hasDialog(method) ? setOpen(method) : onTargetedSearch())}
          />
        ))}
      </SimpleGrid>
      {open && (
        <LeadImportDialog
          key={open.key}
          method={open}
          onClose={() => setOpen(null)}
          onStarted={() => {
            setOpen(null);
            onStarted();
          }}
        />
      )}
    </>
  );
};
