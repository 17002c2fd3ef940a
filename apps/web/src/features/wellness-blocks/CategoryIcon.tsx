import { ThemeIcon } from '@mantine/core';
import { WELLNESS_BLOCK_CATEGORY_LABELS, type WellnessBlockCategory } from '@meetwell/domain';
import { IconBrain, IconPlant2 } from '@tabler/icons-react';

const CATEGORY_COLORS: Record<WellnessBlockCategory, string> = { focus: 'brand', life: 'success' };

export function CategoryGlyph({ category, size = 18 }: { category: WellnessBlockCategory; size?: number }) {
  const Icon = category === 'life' ? IconPlant2 : IconBrain;
  return <Icon size={size} aria-hidden="true" />;
}

/** The category icon of a block row, labelled 'Focus' or 'Life' for screen readers. */
export function CategoryIcon({ category }: { category: WellnessBlockCategory }) {
  return (
    <ThemeIcon
      size={36}
      radius="xl"
      variant="light"
      color={CATEGORY_COLORS[category]}
      role="img"
      aria-label={WELLNESS_BLOCK_CATEGORY_LABELS[category]}
    >
      <CategoryGlyph category={category} />
    </ThemeIcon>
  );
}
