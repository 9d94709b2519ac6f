// The tours of the screens issue 17 added or changed, one per area, each from the first-run screen of a
// fresh harness: the screenshot tour shoots every visit at 1280×800 and 800×560 in both themes, and each
// area's own spec runs axe at the same visits.
import type { Page } from '@playwright/test';
import type { Harness } from './harness';
import { tourBatchScreensScreens } from './tour-batch-screens';
import { tourGalleryScreens } from './tour-gallery';
import { tourQueueCareScreens } from './tour-queue-care';
import { tourSmallScreens } from './tour-small';
import type { TrustVisit } from './tour-trust';
import { tourUploadsScreens } from './tour-uploads';
import { tourValidationScreens } from './tour-validation';

export type Tour = (page: Page, app: Harness, visit: TrustVisit) => Promise<void>;

/** Area name (for the test's title) → its tour, in the order of the issue's items. */
export const ISSUE_17_TOURS: readonly (readonly [string, Tour])[] = [
  ['uploads on a real account', tourUploadsScreens],
  ['colours and lengths checked', tourValidationScreens],
  ['queue, cost and details', tourQueueCareScreens],
  ['batch screens and sample sheets', tourBatchScreensScreens],
  ['results gallery', tourGalleryScreens],
  ['reconnect, keyboard and names', tourSmallScreens],
];
