import net from 'node:net'

/**
 * Raw bytes to a server on loopback (what an HTTP client would never send, or
 * would not send so slowly); resolves with what came back once the server
 * closes the connection, or once `ms` have passed, and how long that took.
 */
export function rawExchange(port: number, write: (socket: net.Socket) => void, ms = 10_000): Promise<{ answer: string; closedAfterMs: number }> {
  const started = Date.now()
  return new Promise((resolve) => {
    let answer = ''
    const socket = net.connect(port, '127.0.0.1', () => write(socket))
    socket.setEncoding('latin1')
    socket.on('data', (chunk) => (answer += chunk))
    socket.on('error', () => undefined)
    socket.on('close', () => resolve({ answer, closedAfterMs: Date.now() - started }))
    setTimeout(() => socket.destroy(), ms).unref()
  })
}
