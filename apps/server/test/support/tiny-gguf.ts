import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';

/**
 * A tiny llama-architecture GGUF (v3) with random weights, written by the tests themselves: there is no
 * internet here to fetch a real model, and the built-in provider's plumbing (loading, streaming, abort, the
 * queue, grammars, tool rounds) must be proved against llama.cpp itself. It loads in about a second and
 * writes tokens in well under a millisecond each; what it writes is noise, so tests assert on plumbing.
 *
 * Layout (https://github.com/ggml-org/ggml/blob/master/docs/gguf.md): the magic "GGUF", version 3, the
 * tensor and key/value counts, the key/values, the tensor infos, then the tensors' data, each aligned to
 * `general.alignment` bytes. Every number is little-endian; a tensor's dimensions are listed innermost first.
 */

/** How big the model is: a small llama that llama.cpp loads in about a second. */
const SHAPE = {
  embedding: 64,
  heads: 4,
  layers: 2,
  feedForward: 128,
  // Long enough for the app's own prompts (the chat's, with its tools), which this small vocabulary spells
  // mostly byte by byte: ~4 times the tokens of a real model's. Its memory is small at 64 dimensions.
  contextLength: 16_384,
} as const;

const ALIGNMENT = 32;

/** GGUF's value types (only those written here). */
const GgufType = { UINT32: 4, INT32: 5, FLOAT32: 6, STRING: 8, ARRAY: 9 } as const;

/** llama.cpp's token types: a normal piece, an unknown token, a control token, a byte of byte fallback. */
const TokenType = { NORMAL: 1, UNKNOWN: 2, CONTROL: 3, BYTE: 6 } as const;

/** The control tokens, at fixed ids: ChatML's turn markers end a turn (`<|im_end|>` is the end of text). */
const CONTROL_TOKENS = ['<s>', '</s>', '<|im_start|>', '<|im_end|>'] as const;
const BOS_ID = 1;
const EOS_ID = 4;

/**
 * SentencePiece pieces: "▁" marks a word's leading space; a bare "▁" and a space let any spacing round-trip,
 * and the 256 byte tokens (`<0x41>`) spell whatever no piece covers, so every text tokenises and detokenises
 * to itself. A few JSON pieces and words keep grammar-constrained answers short.
 */
const WORD_PIECES = [
  '▁',
  ' ',
  '\n',
  '{',
  '}',
  '[',
  ']',
  '"',
  ':',
  ',',
  '.',
  '▁the',
  '▁a',
  '▁to',
  '▁and',
  '▁of',
  '▁for',
  '▁is',
  '▁sales',
  '▁team',
  '▁lead',
  '▁post',
  '▁blog',
  '▁campaign',
  '▁hello',
  '▁world',
  'user',
  'assistant',
  'system',
];

/** The chat template llama.cpp and node-llama-cpp read from the file: plain ChatML. */
const CHATML_TEMPLATE =
  "{% for message in messages %}{{ '<|im_start|>' + message['role'] + '\\n' + message['content'] + '<|im_end|>' + '\\n' }}{% endfor %}" +
  "{% if add_generation_prompt %}{{ '<|im_start|>assistant\\n' }}{% endif %}";

const byteToken = (byte: number): string => `<0x${byte.toString(16).toUpperCase().padStart(2, '0')}>`;

type Vocabulary = { tokens: string[]; types: number[]; scores: number[] };

const vocabulary = (): Vocabulary => {
  const tokens = ['<unk>', ...CONTROL_TOKENS];
  const types: number[] = [TokenType.UNKNOWN, ...CONTROL_TOKENS.map(() => TokenType.CONTROL)];
  for (let byte = 0; byte < 256; byte += 1) {
    tokens.push(byteToken(byte));
    types.push(TokenType.BYTE);
  }
  for (const piece of WORD_PIECES) {
    tokens.push(piece);
    types.push(TokenType.NORMAL);
  }
  // SentencePiece merges by score: longer pieces score higher, so "▁sales" wins over "▁" + bytes.
  const scores = tokens.map((token, id) => (types[id] === TokenType.NORMAL ? token.length : 0));
  return { tokens, types, scores };
};

/** mulberry32: a small seeded generator, so the same seed writes the same model on every machine. */
const seeded = (seed: number): (() => number) => {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
};

/** Appends GGUF's encodings to one list of buffers. */
class GgufWriter {
  readonly parts: Buffer[] = [];

  u32(value: number): this {
    const buffer = Buffer.alloc(4);
    buffer.writeUInt32LE(value);
    this.parts.push(buffer);
    return this;
  }

  i32(value: number): this {
    const buffer = Buffer.alloc(4);
    buffer.writeInt32LE(value);
    this.parts.push(buffer);
    return this;
  }

  u64(value: number): this {
    const buffer = Buffer.alloc(8);
    buffer.writeBigUInt64LE(BigInt(value));
    this.parts.push(buffer);
    return this;
  }

  f32(value: number): this {
    const buffer = Buffer.alloc(4);
    buffer.writeFloatLE(value);
    this.parts.push(buffer);
    return this;
  }

  /** A GGUF string: its byte length (u64), then its UTF-8 bytes, no terminator. */
  string(value: string): this {
    const bytes = Buffer.from(value, 'utf8');
    this.u64(bytes.length);
    this.parts.push(bytes);
    return this;
  }

  bytes(): Buffer {
    return Buffer.concat(this.parts);
  }
}

type KeyValue =
  | { type: 'u32'; value: number }
  | { type: 'f32'; value: number }
  | { type: 'string'; value: string }
  | { type: 'strings'; value: string[] }
  | { type: 'f32s'; value: number[] }
  | { type: 'i32s'; value: number[] };

const writeKeyValue = (out: GgufWriter, key: string, entry: KeyValue): void => {
  out.string(key);
  switch (entry.type) {
    case 'u32':
      out.u32(GgufType.UINT32).u32(entry.value);
      return;
    case 'f32':
      out.u32(GgufType.FLOAT32).f32(entry.value);
      return;
    case 'string':
      out.u32(GgufType.STRING).string(entry.value);
      return;
    case 'strings':
      out.u32(GgufType.ARRAY).u32(GgufType.STRING).u64(entry.value.length);
      for (const value of entry.value) out.string(value);
      return;
    case 'f32s':
      out.u32(GgufType.ARRAY).u32(GgufType.FLOAT32).u64(entry.value.length);
      for (const value of entry.value) out.f32(value);
      return;
    case 'i32s':
      out.u32(GgufType.ARRAY).u32(GgufType.INT32).u64(entry.value.length);
      for (const value of entry.value) out.i32(value);
      return;
  }
};

type Tensor = { name: string; dims: number[]; data: Buffer };

const alignUp = (n: number): number => Math.ceil(n / ALIGNMENT) * ALIGNMENT;

/** The llama tensors: random F32 weights in ±0.1 (norms at 1, so activations stay finite). */
const tensors = (vocabSize: number, random: () => number): Tensor[] => {
  const { embedding, layers, feedForward } = SHAPE;
  const tensor = (name: string, dims: number[], fill: () => number): Tensor => {
    const count = dims.reduce((a, b) => a * b, 1);
    const data = Buffer.alloc(count * 4);
    for (let i = 0; i < count; i += 1) data.writeFloatLE(fill(), i * 4);
    return { name, dims, data };
  };
  const weights = () => (random() - 0.5) * 0.2;
  const ones = () => 1;
  const list = [tensor('token_embd.weight', [embedding, vocabSize], weights)];
  for (let layer = 0; layer < layers; layer += 1) {
    const block = `blk.${layer}`;
    list.push(
      tensor(`${block}.attn_norm.weight`, [embedding], ones),
      tensor(`${block}.attn_q.weight`, [embedding, embedding], weights),
      tensor(`${block}.attn_k.weight`, [embedding, embedding], weights),
      tensor(`${block}.attn_v.weight`, [embedding, embedding], weights),
      tensor(`${block}.attn_output.weight`, [embedding, embedding], weights),
      tensor(`${block}.ffn_norm.weight`, [embedding], ones),
      tensor(`${block}.ffn_gate.weight`, [embedding, feedForward], weights),
      tensor(`${block}.ffn_up.weight`, [embedding, feedForward], weights),
      tensor(`${block}.ffn_down.weight`, [feedForward, embedding], weights),
    );
  }
  list.push(
    tensor('output_norm.weight', [embedding], ones),
    tensor('output.weight', [embedding, vocabSize], weights),
  );
  return list;
};

/** The whole file's bytes for a seed. */
export const tinyGgufBytes = (seed = 42): Buffer => {
  const { tokens, types, scores } = vocabulary();
  const metadata: [string, KeyValue][] = [
    ['general.architecture', { type: 'string', value: 'llama' }],
    ['general.name', { type: 'string', value: 'tiny-test-model' }],
    ['general.alignment', { type: 'u32', value: ALIGNMENT }],
    ['llama.context_length', { type: 'u32', value: SHAPE.contextLength }],
    ['llama.embedding_length', { type: 'u32', value: SHAPE.embedding }],
    ['llama.block_count', { type: 'u32', value: SHAPE.layers }],
    ['llama.feed_forward_length', { type: 'u32', value: SHAPE.feedForward }],
    ['llama.attention.head_count', { type: 'u32', value: SHAPE.heads }],
    ['llama.attention.head_count_kv', { type: 'u32', value: SHAPE.heads }],
    ['llama.rope.dimension_count', { type: 'u32', value: SHAPE.embedding / SHAPE.heads }],
    ['llama.attention.layer_norm_rms_epsilon', { type: 'f32', value: 1e-5 }],
    ['tokenizer.ggml.model', { type: 'string', value: 'llama' }],
    ['tokenizer.ggml.tokens', { type: 'strings', value: tokens }],
    ['tokenizer.ggml.scores', { type: 'f32s', value: scores }],
    ['tokenizer.ggml.token_type', { type: 'i32s', value: types }],
    ['tokenizer.ggml.bos_token_id', { type: 'u32', value: BOS_ID }],
    ['tokenizer.ggml.eos_token_id', { type: 'u32', value: EOS_ID }],
    ['tokenizer.ggml.unknown_token_id', { type: 'u32', value: 0 }],
    ['tokenizer.chat_template', { type: 'string', value: CHATML_TEMPLATE }],
  ];
  const list = tensors(tokens.length, seeded(seed));

  const header = new GgufWriter();
  header.parts.push(Buffer.from('GGUF', 'ascii'));
  header.u32(3).u64(list.length).u64(metadata.length);
  for (const [key, value] of metadata) writeKeyValue(header, key, value);
  let offset = 0;
  for (const tensor of list) {
    // Name, dimension count, dimensions, type (0: F32), offset within the data section.
    header.string(tensor.name).u32(tensor.dims.length);
    for (const dim of tensor.dims) header.u64(dim);
    header.u32(0).u64(offset);
    offset = alignUp(offset + tensor.data.length);
  }
  const pad = (buffer: Buffer): Buffer =>
    Buffer.concat([buffer, Buffer.alloc(alignUp(buffer.length) - buffer.length)]);
  return Buffer.concat([pad(header.bytes()), ...list.map((tensor) => pad(tensor.data))]);
};

/** Writes the tiny model to `file` (default: a new temporary folder) and answers its path. */
export const writeTinyGguf = async (options: { file?: string; seed?: number } = {}): Promise<string> => {
  const file =
    options.file ?? path.join(await mkdtemp(path.join(tmpdir(), 'tiny-gguf-')), 'tiny-test-model.gguf');
  await writeFile(file, tinyGgufBytes(options.seed));
  return file;
};
