import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query'
import { queryKeys } from '@/lib/query-keys'
import {
  deleteQualification,
  fetchQualifications,
  saveQualification,
  uploadBackingDocument,
  type BackingDocument,
  type QualificationInput,
} from './qualifications-api'

const keys = queryKeys.fleet

export function useQualifications(driverId: string) {
  return useQuery({
    queryKey: [...keys.qualifications, driverId],
    queryFn: ({ signal }) => fetchQualifications(driverId, signal),
  })
}

/** An item's dates feed the compliance calendar and the overview's counts; an uploaded file shows in Documents. */
function invalidateQualifications(queryClient: QueryClient, driverId: string): Promise<unknown> {
  return Promise.all(
    [[...keys.qualifications, driverId], keys.compliance, keys.documents].map((queryKey) =>
      queryClient.invalidateQueries({ queryKey }),
    ),
  )
}

export interface SaveQualification {
  kind: string
  body: QualificationInput
}

export function useSaveQualification(driverId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ kind, body }: SaveQualification) => saveQualification(driverId, kind, body),
    onSuccess: () => invalidateQualifications(queryClient, driverId),
  })
}

export function useRemoveQualification(driverId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (kind: string) => deleteQualification(driverId, kind),
    onSuccess: () => invalidateQualifications(queryClient, driverId),
  })
}

export function useUploadBackingDocument() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (document: BackingDocument) => uploadBackingDocument(document),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: keys.documents }),
  })
}
