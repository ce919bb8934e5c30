import { connect, createServer, type Socket } from 'node:net'
import type { AddressInfo } from 'node:net'

export type TcpProxy = {
  port: number
  /** Drops every connection through the proxy and refuses new ones (each is reset as it arrives), as a database that went away. */
  cut: () => void
  /** Lets connections through again. */
  restore: () => void
  close: () => Promise<void>
}

/**
 * A TCP proxy to `target` on a free port of 127.0.0.1, for tests that take a database away
 * from one process while the others (and the test) keep it: the process under test is
 * given the proxy's address, and the test cuts it and restores it.
 */
export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  const sockets = new Set<Socket>()
  let cut = false
  const track = (socket: Socket) => {
    sockets.add(socket)
    socket.once('close', () => sockets.delete(socket))
  }
  const server = createServer((client) => {
    if (cut) return void client.resetAndDestroy()
    const upstream = connect(target.port, target.host)
    track(client)
    track(upstream)
    // Either side ending or failing ends the other: the driver sees its connection lost.
    client.on('error', () => upstream.destroy())
    upstream.on('error', () => client.destroy())
    client.pipe(upstream)
    upstream.pipe(client)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    port: (server.address() as AddressInfo).port,
    cut: () => {
      cut = true
      for (const socket of sockets) socket.resetAndDestroy()
    },
    restore: () => {
      cut = false
    },
    close: async () => {
      for (const socket of sockets) socket.destroy()
      await new Promise((resolve) => server.close(resolve))
    },
  }
}
