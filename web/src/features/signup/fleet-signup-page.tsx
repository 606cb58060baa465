import { useMutation } from '@tanstack/react-query'
import { useCallback, useEffect, useRef, useState } from 'react'
import { useSearchParams } from 'react-router'
import { toast } from '@/lib/toast'
import { PublicLayout } from '@/components/public-layout'
import { Spinner } from '@/components/ui/spinner'
import { ApiError } from '@/lib/api-client'
import { useAppConfig } from '@/lib/app-config'
import { useSession } from '@/lib/session'
import { texts } from '@/lib/texts'
import {
  fetchSignup,
  lookupCarrier,
  saveContact,
  saveSignup,
  saveStep,
  startCheckout,
  type CompanyInfo,
  type SignupView,
} from './api/signup-api'
import { ContactStep } from './contact-step'
import { FindFleetStep } from './find-fleet-step'
import { PlanStep } from './plan-step'
import type { ContactValues } from './signup-schemas'
import { SignupProgress, type Step } from './signup-progress'

const t = texts.signup
const emptyContact: ContactValues = { firstName: '', lastName: '', email: '', phone: '' }

function restoredContact(view: SignupView): ContactValues | null {
  const c = view.contact
  if (!c?.first_name || !c.last_name || !c.email) return null
  return { firstName: c.first_name, lastName: c.last_name, email: c.email, phone: c.phone ?? '' }
}

/** Saving progress never blocks the visitor (spec §4): failures are only logged. */
function logSaveFailure(what: string) {
  return (error: unknown) => {
    console.error(`fleet signup: saving ${what} failed`, error)
  }
}

export default function FleetSignupPage() {
  // Loads the session so writes carry the CSRF token when someone is signed in.
  useSession()
  const config = useAppConfig()
  const [searchParams, setSearchParams] = useSearchParams()
  const [initialId] = useState(() => searchParams.get('id'))

  const [restoring, setRestoring] = useState(initialId !== null)
  const [step, setStep] = useState<Step>(1)
  const [company, setCompany] = useState<CompanyInfo | null>(null)
  const [contact, setContact] = useState<ContactValues | null>(null)
  const [lookupError, setLookupError] = useState<string | null>(null)
  const [subscribing, setSubscribing] = useState(false)

  // The signup record's id, as a promise so that later saves wait for a
  // create that is still on its way (and creates run one after another).
  const signupId = useRef<Promise<string | null>>(Promise.resolve(initialId))

  // setSearchParams changes with every URL change; reading it through a ref
  // keeps rememberId (and the restore effect that uses it) stable.
  const setSearchParamsRef = useRef(setSearchParams)
  useEffect(() => {
    setSearchParamsRef.current = setSearchParams
  }, [setSearchParams])

  /** Puts the record's id in the URL (no history entry) so a reload restores it. */
  const rememberId = useCallback((id: string | null) => {
    setSearchParamsRef.current(
      (params) => {
        const next = new URLSearchParams(params)
        if (id) next.set('id', id)
        else next.delete('id')
        return next
      },
      { replace: true },
    )
  }, [])

  useEffect(() => {
    window.scrollTo(0, 0)
  }, [step])

  useEffect(() => {
    if (!initialId) return
    const controller = new AbortController()
    fetchSignup(initialId, controller.signal).then(
      (view) => {
        if (view.checkout_started) {
          // A signup that went to checkout is frozen and shows nothing: start a new one.
          signupId.current = Promise.resolve(null)
          rememberId(null)
          setRestoring(false)
          toast.info(t.checkoutStarted)
          return
        }
        const restoredCompany = view.company
        setCompany(restoredCompany)
        setContact(restoredContact(view))
        // The server keeps current_step within the three steps.
        setStep(restoredCompany ? (view.current_step as Step) : 1)
        setRestoring(false)
        toast.success(t.restored)
      },
      (error: unknown) => {
        if (controller.signal.aborted) return
        console.error('fleet signup: restoring failed', error)
        signupId.current = Promise.resolve(null)
        rememberId(null)
        setRestoring(false)
        toast.error(t.restoreFailed)
      },
    )
    return () => controller.abort()
  }, [initialId, rememberId])

  const lookup = useMutation({ mutationFn: lookupCarrier })

  const onSearch = (dotNumber: string) => {
    setLookupError(null)
    lookup.mutate(dotNumber, {
      onSuccess: ({ company: found }) => {
        setCompany(found)
        toast.success(t.companyFound)
        signupId.current = signupId.current.then((previous) =>
          saveSignup(found.dot_number, previous).then(
            (view) => {
              if (view.id !== previous) rememberId(view.id)
              return view.id
            },
            (error: unknown) => {
              logSaveFailure('the signup')(error)
              return previous
            },
          ),
        )
      },
      onError: (error) => {
        setCompany(null)
        const fromServer = error instanceof ApiError && !error.isNetworkError && error.message
        setLookupError(fromServer ? error.message : t.lookupFallback)
        toast.error(t.lookupError)
      },
    })
  }

  /** Runs a save once the record's id is known; without a record there is nothing to save. */
  const whenSaved = (save: (id: string) => Promise<unknown>, what: string) => {
    void signupId.current.then((id) => (id ? save(id) : undefined)).catch(logSaveFailure(what))
  }

  const onCompanyConfirmed = () => {
    whenSaved((id) => saveStep(id, 2), 'step 2')
    setStep(2)
  }

  const onContactSubmitted = (values: ContactValues) => {
    setContact(values)
    // Chained on the id: after checkout has started the server saves the
    // change as a new signup, whose id later saves and checkout use.
    signupId.current = signupId.current.then((id) =>
      id
        ? saveContact(id, {
            first_name: values.firstName,
            last_name: values.lastName,
            email: values.email,
            phone: values.phone,
          }).then(
            (view) => {
              if (view.id !== id) rememberId(view.id)
              return view.id
            },
            (error: unknown) => {
              logSaveFailure('the contact details')(error)
              return id
            },
          )
        : id,
    )
    setStep(3)
  }

  const onSubscribe = async () => {
    // Opened synchronously in the click handler so popup blockers allow it.
    const tab = window.open('', '_blank')
    if (tab) tab.opener = null
    setSubscribing(true)
    try {
      const id = await signupId.current
      if (!id) throw new Error(t.signupNotFound)
      const { url, signup_id } = await startCheckout(id)
      if (signup_id !== id) {
        signupId.current = Promise.resolve(signup_id)
        rememberId(signup_id)
      }
      if (!url) throw new Error(t.noCheckoutUrl)
      if (tab && !tab.closed) {
        tab.location.href = url
        toast.success(t.openingCheckout)
      } else {
        window.location.assign(url)
      }
    } catch (error) {
      console.error('fleet signup: checkout failed', error)
      tab?.close()
      toast.error(t.checkoutFailed)
    } finally {
      setSubscribing(false)
    }
  }

  return (
    <PublicLayout>
      <div className="mx-auto w-full max-w-3xl space-y-8 px-4 py-10 sm:px-6 sm:py-14">
        <header className="space-y-2 text-center">
          <h1 className="text-3xl font-bold sm:text-4xl">{t.pageTitle}</h1>
          <p className="text-muted-foreground">{t.pageSubtitle}</p>
        </header>
        {restoring ? (
          <div className="flex justify-center py-16">
            <Spinner label="Restoring your signup" />
          </div>
        ) : (
          <>
            <SignupProgress step={step} />
            {step === 1 && (
              <FindFleetStep
                company={company}
                lookupError={lookupError}
                searching={lookup.isPending}
                sampleData={config.data?.stand_ins.fmcsa ?? false}
                defaultDotNumber={company?.dot_number ?? ''}
                onSearch={onSearch}
                onContinue={onCompanyConfirmed}
              />
            )}
            {step === 2 && (
              <ContactStep
                defaultValues={contact ?? emptyContact}
                onBack={(values) => {
                  setContact(values)
                  setStep(1)
                }}
                onSubmit={onContactSubmitted}
              />
            )}
            {step === 3 && company && (
              <PlanStep
                company={company}
                busy={subscribing}
                testCheckout={config.data?.stand_ins.stripe ?? false}
                onBack={() => setStep(2)}
                onSubscribe={() => void onSubscribe()}
              />
            )}
          </>
        )}
      </div>
    </PublicLayout>
  )
}
