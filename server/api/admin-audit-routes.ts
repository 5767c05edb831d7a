import { AuditLogQuerySchema } from '#common/audit-schema'
import { ApiRoutes } from '../http/routes'
import type { Services } from '../services'

/** The Audit Log (owners and managers: 'audit.read'), newest first; a booking's own entries with entityType and entityId. */
export function adminAuditRoutes({ auditLog }: Services) {
  return new ApiRoutes().get('/api/admin/audit-log', 'audit.read', async (req, res) => {
    res.json(await auditLog.list(AuditLogQuerySchema.parse(req.query)))
  })
}
