import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { TInputDetail } from '@sales-assist/contract';
import { postForm } from '../leads-support';
import type { Harness } from './harness';

const FIXTURES = path.join(import.meta.dirname, '..', 'fixtures', 'inputs');

/** One of the committed input fixtures (fixtures/inputs, written by make-fixtures.ts). */
export const inputFixture = (name: string): Buffer => readFileSync(path.join(FIXTURES, name));

const upload =
  (url: string) =>
  (h: Harness, token: string, filename: string, content: Buffer | string, name?: string, type?: string) =>
    postForm(h, url, token, [
      { name: 'file', filename, content, type: type ?? 'application/octet-stream' },
      ...(name === undefined ? [] : [{ name: 'name', value: name }]),
    ]);

export const uploadText = upload('/api/inputs/texts/upload');
export const uploadImage = upload('/api/inputs/images');

/** Uploads and expects 201, answering the saved input. */
export const uploadedText = async (
  h: Harness,
  token: string,
  filename: string,
  content: Buffer | string,
): Promise<TInputDetail> => {
  const response = await uploadText(h, token, filename, content);
  if (response.statusCode !== 201)
    throw new Error(`upload of ${filename}: ${response.statusCode} ${response.body}`);
  return response.json<{ input: TInputDetail }>().input;
};

export const uploadedImage = async (
  h: Harness,
  token: string,
  filename: string,
  content: Buffer | string,
): Promise<TInputDetail> => {
  const response = await uploadImage(h, token, filename, content);
  if (response.statusCode !== 201)
    throw new Error(`upload of ${filename}: ${response.statusCode} ${response.body}`);
  return response.json<{ input: TInputDetail }>().input;
};

export const pasteText = (h: Harness, token: string, name: string, text: string) =>
  h.call('POST', '/api/inputs/texts', { token, body: { name, text } });
