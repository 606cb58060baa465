/** An editable field's look; a read-only one reads as fixed text: muted, no edit focus ring. */
export const fieldLook = (readOnly: boolean | undefined) =>
  readOnly
    ? 'cursor-default bg-muted focus-visible:outline-1 focus-visible:outline-offset-0 focus-visible:outline-muted-foreground'
    : 'bg-white focus-visible:border-primary focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-primary'
