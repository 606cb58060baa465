import { AlertTriangle, Upload } from 'lucide-react'
import { lazy, Suspense, useCallback, useState } from 'react'
import { useSearchParams } from 'react-router'
import { Spinner } from '@/components/ui/spinner'
import { Button } from '@/components/ui/button'
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs'
import { format, texts } from '@/lib/texts'
import { useDocumentsPage } from './api/documents-queries'
import { DocumentsFilterBar } from './documents-filter-bar'
import { DocumentsList } from './documents-list'
import {
  changeFilters,
  clearFilters,
  DOCUMENT_TABS,
  filtersFromSearch,
  requestFromFilters,
  searchFromFilters,
  type DocumentFilters,
  type DocumentsTab,
} from './filter-params'
import { RenewalReviewQueue } from './renewal-review-queue'

const d = texts.documents

// The upload form (its validation, its vehicle lists) loads when 'Upload Document' is first pressed.
const loadUploadDialog = () => import('./upload-document-dialog')
const UploadDocumentDialog = lazy(() => loadUploadDialog().then(({ UploadDocumentDialog }) => ({ default: UploadDocumentDialog })))

const tabLabels: Record<DocumentsTab, string> = {
  all: d.tabs.all,
  expiring_soon: d.tabs.expiringSoon,
  expired: d.tabs.expired,
}

/** 'Documents Management' (spec §2): every filter lives in the URL, the server filters and pages. */
export default function DocumentsPage() {
  const [searchParams, setSearchParams] = useSearchParams()
  const filters = filtersFromSearch(searchParams)
  const query = useDocumentsPage(requestFromFilters(filters))
  const [uploading, setUploading] = useState(false)
  // Mounted when first opened and kept, so that it can animate out.
  const [uploadOpened, setUploadOpened] = useState(false)

  const navigate = useCallback(
    (next: DocumentFilters) => setSearchParams((current) => searchFromFilters(next, current)),
    [setSearchParams],
  )
  const change = (patch: Partial<DocumentFilters>) => navigate(changeFilters(filters, patch))
  const setPage = useCallback(
    (page: number) => setSearchParams((current) => searchFromFilters({ ...filtersFromSearch(current), page }, current)),
    [setSearchParams],
  )

  const counts = query.data?.counts
  const expiringSoon = counts?.expiring_soon ?? 0

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0 space-y-1">
          <h1 className="text-2xl font-bold tracking-tight text-ink">{d.title}</h1>
          <p className="text-muted-foreground">{d.subtitle}</p>
        </div>
        <Button
          // A pointer on its way to the button, or focus on it, starts the form's load.
          onPointerEnter={() => void loadUploadDialog()}
          onFocus={() => void loadUploadDialog()}
          onClick={() => {
            setUploadOpened(true)
            setUploading(true)
          }}
        >
          <Upload className="h-4 w-4" aria-hidden />
          {d.uploadButton}
        </Button>
      </div>

      {expiringSoon > 0 && (
        <div
          role="status"
          className="flex items-start gap-3 rounded-md border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-900"
        >
          <AlertTriangle className="mt-0.5 h-5 w-5 shrink-0 text-amber-600" aria-hidden />
          <div>
            <p className="font-semibold">{d.expiringBannerTitle}</p>
            <p>{format(d.expiringBannerText, { count: expiringSoon })}</p>
          </div>
        </div>
      )}

      <RenewalReviewQueue />

      <div className="space-y-4 rounded-xl border border-border bg-white p-4 shadow-sm sm:p-6">
        <Tabs value={filters.tab} onValueChange={(tab) => change({ tab: tab as DocumentsTab })}>
          <div className="flex flex-wrap items-center justify-between gap-3">
            <TabsList>
              {DOCUMENT_TABS.map((tab) => (
                <TabsTrigger key={tab} value={tab} className="gap-2">
                  {tabLabels[tab]}{' '}
                  {tab === 'expiring_soon' && expiringSoon > 0 && (
                    <span
                      data-testid="expiring-count"
                      className="inline-flex min-w-5 items-center justify-center rounded-full bg-destructive px-1.5 text-xs leading-5 font-semibold text-destructive-foreground"
                    >
                      {expiringSoon}
                    </span>
                  )}
                </TabsTrigger>
              ))}
            </TabsList>
            {query.isFetching && !query.isPending && <Spinner className="h-5 w-5 border-2" label={texts.fleet.assets.loading} />}
          </div>
          <div className="mt-4">
            <DocumentsFilterBar filters={filters} onChange={change} onClear={() => navigate(clearFilters(filters))} />
          </div>
          {DOCUMENT_TABS.map((tab) => (
            <TabsContent key={tab} value={tab}>
              <DocumentsList query={query} onPage={setPage} />
            </TabsContent>
          ))}
        </Tabs>
      </div>

      {uploadOpened && (
        <Suspense fallback={null}>
          <UploadDocumentDialog open={uploading} onOpenChange={setUploading} />
        </Suspense>
      )}
    </div>
  )
}
