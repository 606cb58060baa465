/**
 * Words of the broker screens that contracts/texts.json does not have (field
 * labels, column heads, units). The spec's texts come from `texts.board` and
 * `texts.brokers`; these are the plain words around them.
 */
export const labels = {
  email: 'E-mail',
  firstName: 'First name',
  lastName: 'Last name',
  name: 'Name',
  role: 'Role',
  roleFor: 'Role for {email}',
  status: 'Status',
  actions: 'Actions',
  active: 'Active',
  cancel: 'Cancel',
  delete: 'Delete',
  run: 'Run',
  retry: 'Try again',
  previous: 'Previous',
  next: 'Next',
  pageOf: 'Page {page}',
  pagination: 'Results pages',
  details: 'Details',
  close: 'Close',
  loading: 'Loading',
  navLabel: 'Broker portal',
  openMenu: 'Open menu',
  /** "Posted within": no limit. */
  anyAge: 'Any time',
  hours: '{n} hours',
  anyEquipment: 'Any equipment',
  clear: 'Clear',
  destinationsFor: 'to {states}',
  to: 'to',
  postedAgo: 'posted {age} ago',
  postedJustNow: 'posted just now',
  postedWithin: 'posted within {hours} hours',
  radius: '{miles} mi radius',
  perMile: '{rate}/mi',
  lengthFt: '{n} ft',
  weightLbs: '{n} lbs',
  dot: 'DOT {dot}',
  mc: 'MC {mc}',
  availability: 'Available',
  availableFrom: 'from {date}',
  availableUntil: 'until {date}',
  origin: 'Origin',
  destinations: 'Destinations',
  rate: 'Rate',
  equipment: 'Equipment',
  size: 'Length / weight',
  notes: 'Notes',
  carrier: 'Carrier',
  contact: 'Contact',
  posted: 'Posted',
  truck: 'Truck {number}',
  deadheadUnknown: 'Deadhead unknown',
  lastAlert: 'Last alert {date}',
  sending: 'Sending…',
  saving: 'Saving…',
  loadFailed: 'Could not load this page',
  postingNotFound: 'This posting is no longer on the board.',
} as const

/** "2 hours", "1 minute", "3 days": an age in the largest whole unit. */
export const units = {
  minute: ['minute', 'minutes'],
  hour: ['hour', 'hours'],
  day: ['day', 'days'],
} as const

/** The short units of "posted 3h ago". */
export const shortUnits = { minute: 'm', hour: 'h', day: 'd' } as const
