/**
 * The built-in model: the one GGUF file `npm run model:pull` and the admin area fetch when asked, pinned to
 * a revision of its publisher's repository and checked against the SHA-256 published for that file. Why
 * this model: docs/decisions/content-writing.md, "The built-in model".
 */
export const BUILT_IN_MODEL = {
  name: 'Qwen3 4B Instruct 2507 (Q4_K_M)',
  licence: 'Apache-2.0',
  /** The name it is stored under in DATA_DIR/models. */
  fileName: 'Qwen3-4B-Instruct-2507-Q4_K_M.gguf',
  url: 'https://huggingface.co/bartowski/Qwen_Qwen3-4B-Instruct-2507-GGUF/resolve/ae44f08e1392f39c0e474af10c3ff8355c8b6688/Qwen_Qwen3-4B-Instruct-2507-Q4_K_M.gguf',
  sizeBytes: 2_497_280_736,
  sha256: '2fde00ce69dd4899c70d020845e2638353015bba0fdf161b3eb965f2bca4464e',
} as const;

/** Where a model file comes from: the catalogue's, or a mirror named by LOCAL_MODEL_URL with its hash. */
export type ModelSource = {
  name: string;
  url: string;
  sha256: string;
  /** Known for the catalogue's file; a mirror's size is learned from its answer. */
  sizeBytes: number | null;
};
