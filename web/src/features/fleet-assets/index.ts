// The fleet dashboard's asset screens; the dashboard shell renders them at their routes.
export { TrucksPage } from './trucks-page'
export { TruckDetailPage } from './truck-detail-page'
export { TrailersPage } from './trailers-page'
export { TrailerDetailPage } from './trailer-detail-page'
export { DriversPage } from './drivers-page'
export { DriverDetailPage } from './driver-detail-page'
