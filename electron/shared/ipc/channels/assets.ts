// Files dropped into image and audio fields: whether this account can take uploads, and the upload; and
// the preview of a job's image or audio that its own local (loopback) account hosts.
import { z } from 'zod';
import { assetPreviewSchema, uploadAssetSchema, uploadCapabilitySchema } from '../../domain/asset';
import { none } from './common';

export const assetChannels = {
  'assets:capability': { params: none, result: uploadCapabilitySchema },
  'assets:upload': { params: uploadAssetSchema, result: z.object({ url: z.string().url() }) },
  /**
   * The bytes of a job's image or audio (the value named `field`) where its address is on its own
   * account's loopback origin (the built-in sandbox, a local sandbox account): the page's CSP loads no
   * http://127.0.0.1, so it shows them as a blob: URL. Any other address is refused, never fetched.
   */
  'assets:preview': {
    params: z.object({ jobId: z.string().min(1).max(200), field: z.string().min(1).max(500) }),
    result: assetPreviewSchema,
  },
} as const;
