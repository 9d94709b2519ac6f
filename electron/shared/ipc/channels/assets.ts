// Files dropped into image and audio fields: whether this account can take uploads, and the upload.
import { z } from 'zod';
import { uploadAssetSchema, uploadCapabilitySchema } from '../../domain/asset';
import { none } from './common';

export const assetChannels = {
  'assets:capability': { params: none, result: uploadCapabilitySchema },
  'assets:upload': { params: uploadAssetSchema, result: z.object({ url: z.string().url() }) },
} as const;
