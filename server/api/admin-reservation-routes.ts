import { ExplainQuerySchema, parseReservationPatch, ReservationListQuerySchema, StaffBookingSchema } from '#common/admin-reservations-schema'
import { IdSchema } from '#common/fields-schema'
import { can, isRole } from '#common/permissions'
import { actorOf } from '../auth/guard'
import { ForbiddenError } from '../domain-errors'
import { ApiRoutes } from '../http/routes'
import type { Services } from '../services'

/**
 * The staff side of reservations (staff only: each route names its permission). The list is
 * SPEC.md's array, one page of it; the headers carry the whole filter's count
 * and guests (X-Total-Count, X-Total-Covers) and the page (X-Page, X-Page-Size).
 * Every change names who made it (the audit row it writes) and, for an edit, the version it was made on.
 */
export function adminReservationRoutes({ staffReservations, auditLog, availabilityExplainer }: Services) {
  return new ApiRoutes()
    // 'Why isn't it offered?' (issue 34): the booking's own decision about a time, in staff's words.
    .get('/api/admin/availability/explain', 'reservations.read', async (req, res) => {
      res.json(await availabilityExplainer.explain(ExplainQuerySchema.parse(req.query)))
    })
    // The staff booking form's table picker: every table in use, free ones first.
    .get('/api/admin/availability/tables', 'reservations.read', async (req, res) => {
      res.json(await availabilityExplainer.tables(ExplainQuerySchema.parse(req.query)))
    })
    .get('/api/admin/reservations', 'reservations.read', async (req, res) => {
      const list = await staffReservations.list(ReservationListQuerySchema.parse(req.query))
      res.set({
        'X-Total-Count': String(list.total),
        'X-Total-Covers': String(list.covers),
        'X-Page': String(list.page),
        'X-Page-Size': String(list.pageSize),
      })
      res.json(list.reservations)
    })
    .post('/api/admin/reservations', 'reservations.write', async (req, res) => {
      const input = StaffBookingSchema.parse(req.body)
      const actor = actorOf(req)
      // Made from an event enquiry: linking it changes the enquiry too, which needs its own permission.
      if (input.enquiryId !== undefined && !(isRole(actor.role) && can(actor.role, 'enquiries.write'))) throw new ForbiddenError()
      res.status(201).json(await staffReservations.create(input, actor))
    })
    .patch('/api/admin/reservations/:id', 'reservations.write', async (req, res) => {
      res.json(await staffReservations.update(IdSchema.parse(req.params.id), parseReservationPatch(req.body), actorOf(req)))
    })
    .get('/api/admin/reservations/:id/history', 'reservations.read', async (req, res) => {
      res.json(await staffReservations.history(IdSchema.parse(req.params.id)))
    })
    // Who changed this booking: its own audit rows, for everyone who may read bookings (docs/decisions/0020).
    .get('/api/admin/reservations/:id/audit', 'reservations.read', async (req, res) => {
      res.json(await auditLog.ofBooking(IdSchema.parse(req.params.id)))
    })
    .delete('/api/admin/reservations/:id', 'reservations.delete', async (req, res) => {
      await staffReservations.remove(IdSchema.parse(req.params.id), actorOf(req))
      res.status(204).end()
    })
}
