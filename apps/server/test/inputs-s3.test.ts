import { type S3StandIn, startS3StandIn } from '@sales-assist/stand-ins/s3';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inputs } from '../src/db/schema';
import { type SeededUser, seedUser } from './support/factories';
import { type Harness, startHarness } from './support/harness';
import { inputFixture, uploadedImage, uploadedText } from './support/inputs-support';

let s3: S3StandIn;
let h: Harness;
let user: SeededUser;
beforeAll(async () => {
  s3 = await startS3StandIn('inputs-bucket', 'APPKEY');
  h = await startHarness({
    env: {
      STORAGE_S3_BUCKET: 'inputs-bucket',
      STORAGE_S3_ENDPOINT: s3.url,
      STORAGE_S3_ACCESS_KEY_ID: 'APPKEY',
      STORAGE_S3_SECRET_ACCESS_KEY: 'app-secret',
      STORAGE_S3_PREFIX: 'sales-assist',
    },
  });
  user = await seedUser(h);
});
afterAll(async () => {
  await h.close();
  await s3.close();
});

describe('inputs kept in an S3-compatible bucket (STORAGE_S3_*)', () => {
  it('the app uses the bucket, not DATA_DIR/files', () => {
    expect(h.deps.storage.kind).toBe('s3');
  });

  it('an image and its thumbnail go to the bucket with their types, are served from it and deleted from it', async () => {
    const input = await uploadedImage(h, user.accessToken, 'photo.jpg', inputFixture('photo.jpg'));
    const [row] = await h.deps.db.select().from(inputs).where(eq(inputs.id, input.id));
    const original = s3.objects.get(`sales-assist/${row?.storageKey}`);
    const thumbnail = s3.objects.get(`sales-assist/${row?.thumbKey}`);
    expect(original?.contentType).toBe('image/jpeg');
    expect(thumbnail?.contentType).toBe('image/webp');
    expect((await sharp(original?.body).metadata()).exif).toBeUndefined();

    const served = await h.call('GET', `/api/inputs/${input.id}/thumbnail`, { token: user.accessToken });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.rawPayload.equals(thumbnail?.body ?? Buffer.alloc(0))).toBe(true);

    expect((await h.call('DELETE', `/api/inputs/${input.id}`, { token: user.accessToken })).statusCode).toBe(
      200,
    );
    expect(s3.objects.has(`sales-assist/${row?.storageKey}`)).toBe(false);
    expect(s3.objects.has(`sales-assist/${row?.thumbKey}`)).toBe(false);
  });

  it('an uploaded document keeps its original in the bucket', async () => {
    const input = await uploadedText(h, user.accessToken, 'case-study.docx', inputFixture('case-study.docx'));
    const file = await h.call('GET', `/api/inputs/${input.id}/file`, { token: user.accessToken });
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.equals(inputFixture('case-study.docx'))).toBe(true);
  });

  it('an object missing from the bucket answers 404', async () => {
    const input = await uploadedImage(h, user.accessToken, 'logo.png', inputFixture('logo.png'));
    s3.objects.clear();
    const response = await h.call('GET', `/api/inputs/${input.id}/image`, { token: user.accessToken });
    expect(response.statusCode).toBe(404);
  });
});
