import { SimpleGrid } from '@mantine/core';
import { EXTRACTION_METHODS } from './extraction-methods';
import { MethodCard } from './method-card';

/** Screen 4: the six LinkedIn extraction methods. */
export const LinkedInMethods = ({ onTargetedSearch }: { onTargetedSearch: () => void }) => (
  <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
    {EXTRACTION_METHODS.map((method) => (
      <MethodCard key={method.key} method={method} onChoose={onTargetedSearch} />
    ))}
  </SimpleGrid>
);
