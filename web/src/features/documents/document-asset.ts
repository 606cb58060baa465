/** The truck, trailer or driver whose Documents tab is shown. */
export interface DocumentAsset {
  kind: 'truck' | 'trailer' | 'driver'
  id: string
  /** Its display name (the upload dialog shows it). */
  name: string
}
