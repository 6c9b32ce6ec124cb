// The two build flags bugReportUi.tsx reads (Vite replaces them; Vitest sets MODE 'test'). Same
// shape as vite/client's declarations, so the two merge should that reference be added later.
interface ImportMetaEnv {
  readonly DEV: boolean;
  readonly MODE: string;
}
interface ImportMeta {
  readonly env: ImportMetaEnv;
}
