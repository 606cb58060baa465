import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card'
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table'
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs'
import { useFleetAccount } from '@/lib/fleet-account'
import { texts } from '@/lib/texts'
import { useTabParam } from '@/lib/use-tab-param'
import { FmcsaCheckButton } from './fmcsa-check-button'
import { FmcsaHistoryTab } from './fmcsa-history'
import { profileView, type ProfileRow } from './profile-fields'

/** The tabs in their order; `?tab=` opens one (the FMCSA banner links to `?tab=history`). */
const PROFILE_TABS = ['company', 'authority', 'fmcsa', 'history'] as const

function Rows({ rows }: { rows: ProfileRow[] }) {
  return (
    <dl className="grid gap-x-6 gap-y-4 sm:grid-cols-2">
      {rows.map((row) => (
        <div key={row.label} className="min-w-0">
          <dt className="text-sm text-muted-foreground">{row.label}</dt>
          <dd className="mt-0.5 font-medium break-words">{row.value}</dd>
        </div>
      ))}
    </dl>
  )
}

/** /fleet-dashboard/profile (spec §2 "Company Profile"), and the compliance issue's History tab. */
export default function CompanyProfilePage() {
  const account = useFleetAccount()
  const [tab, openTab] = useTabParam(PROFILE_TABS)
  if (!account.data) return <p className="text-muted-foreground">{texts.fleet.noFleetInfo}</p>
  const view = profileView(account.data)
  const t = texts.fleet.profileTabs

  return (
    <section className="space-y-6">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <h1 className="text-2xl font-bold sm:text-3xl">{texts.fleet.nav.profile}</h1>
        <FmcsaCheckButton dot={account.data.dot_number} />
      </div>
      <Tabs value={tab} onValueChange={openTab}>
        <TabsList>
          <TabsTrigger value="company">{t.companyInfo}</TabsTrigger>
          <TabsTrigger value="authority">{t.authority}</TabsTrigger>
          <TabsTrigger value="fmcsa">{t.fmcsa}</TabsTrigger>
          <TabsTrigger value="history">{texts.compliance.history.tab}</TabsTrigger>
        </TabsList>
        <TabsContent value="company">
          <Card>
            <CardHeader>
              <CardTitle>{t.companyInfo}</CardTitle>
            </CardHeader>
            <CardContent>
              <Rows rows={view.companyInfo} />
            </CardContent>
          </Card>
        </TabsContent>
        <TabsContent value="authority">
          <Card>
            <CardHeader>
              <CardTitle>{t.authority}</CardTitle>
            </CardHeader>
            <CardContent>
              <Rows rows={view.authority} />
            </CardContent>
          </Card>
        </TabsContent>
        <TabsContent value="fmcsa">
          <Card>
            <CardHeader>
              <CardTitle>{t.fmcsa}</CardTitle>
            </CardHeader>
            <CardContent className="space-y-6">
              {view.fmcsa ? (
                <>
                  <Rows rows={view.fmcsa.details} />
                  <Table>
                    <TableHeader>
                      <TableRow>
                        <TableHead>{texts.fleet.profileFields.classification}</TableHead>
                        <TableHead>{texts.fleet.profileFields.value}</TableHead>
                      </TableRow>
                    </TableHeader>
                    <TableBody>
                      {view.fmcsa.classification.map((row) => (
                        <TableRow key={row.label}>
                          <TableCell>{row.label}</TableCell>
                          <TableCell>{row.value}</TableCell>
                        </TableRow>
                      ))}
                    </TableBody>
                  </Table>
                  <Rows
                    rows={[{ label: texts.fleet.profileFields.physicalAddress, value: view.fmcsa.physicalAddress }]}
                  />
                </>
              ) : (
                <p className="text-muted-foreground">{texts.fleet.noFmcsaData}</p>
              )}
            </CardContent>
          </Card>
        </TabsContent>
        <TabsContent value="history">
          <FmcsaHistoryTab />
        </TabsContent>
      </Tabs>
    </section>
  )
}
