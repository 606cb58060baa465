import { Download } from 'lucide-react'
import { useId, useState, type FormEvent } from 'react'
import { Alert } from '@/components/ui/alert'
import { Button } from '@/components/ui/button'
import { buttonClass } from '@/components/ui/button-variants'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { Input } from '@/components/ui/input'
import { Label } from '@/components/ui/label'
import { format, texts } from '@/lib/texts'
import { IMPORT_TEMPLATE_URL } from './api/eld-api'
import { useImportCsv } from './api/eld-queries'
import type { ImportResult } from './api/eld-types'

const e = texts.eld

function ImportOutcome({ result }: { result: ImportResult }) {
  const errorsId = useId()
  const { run, errors } = result
  return (
    <div className="space-y-3">
      {run.status === 'failed' ? (
        <Alert>{run.error ?? texts.errors.generic}</Alert>
      ) : (
        <Alert variant="success">{format(e.csvImported, { created: run.created, updated: run.updated })}</Alert>
      )}
      {errors.length > 0 && (
        <section aria-labelledby={errorsId} className="space-y-2">
          <h4 id={errorsId} className="text-sm font-semibold text-ink">
            {e.csvErrorsTitle}
          </h4>
          <ul className="max-h-64 space-y-1 overflow-y-auto rounded-md border border-border p-3 text-sm text-red-800">
            {errors.map((error, index) => (
              <li key={`${error.row}-${error.field}-${index}`} className="break-words">
                {format(e.csvRowError, { row: error.row, field: error.field, message: error.message })}
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  )
}

/** Other (CSV import): one file of drivers, trucks and trailers, with the template to start from. */
export function CsvImportCard() {
  const importCsv = useImportCsv()
  const [file, setFile] = useState<File | null>(null)

  const onSubmit = (event: FormEvent) => {
    event.preventDefault()
    if (file) importCsv.mutate(file)
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle>{e.csvImportTitle}</CardTitle>
        <CardDescription>{e.csvImportText}</CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        <a href={IMPORT_TEMPLATE_URL} download className={buttonClass('outline', 'sm')}>
          <Download className="h-4 w-4" aria-hidden />
          {e.csvTemplate}
        </a>
        <form onSubmit={onSubmit} className="flex flex-col gap-3 sm:flex-row sm:items-end">
          <div className="min-w-0 flex-1 space-y-2 sm:max-w-sm">
            <Label htmlFor="eld-csv-file">{e.csvFile}</Label>
            <Input
              id="eld-csv-file"
              type="file"
              accept=".csv,text/csv"
              className="h-auto! py-1.5! file:mr-3 file:rounded file:border-0 file:bg-muted file:px-2 file:py-1 file:text-sm"
              onChange={(event) => {
                setFile(event.target.files?.[0] ?? null)
                importCsv.reset()
              }}
            />
          </div>
          <Button type="submit" disabled={!file || importCsv.isPending} className="w-full sm:w-auto">
            {importCsv.isPending ? e.importing : e.csvUpload}
          </Button>
        </form>
        <div aria-live="polite">
          {importCsv.isError && <Alert>{importCsv.error.message}</Alert>}
          {importCsv.data && <ImportOutcome result={importCsv.data} />}
        </div>
      </CardContent>
    </Card>
  )
}
