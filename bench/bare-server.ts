import { createServer } from 'node:http'

/** A bare node:http server answering fixed bodies: the ceiling the product is compared with. */
const port = Number(process.argv[2])
const routes = JSON.parse(process.argv[3] ?? '{}') as Record<string, { type: string; body: string }>
const bodies = new Map(Object.entries(routes).map(([path, { type, body }]) => [path, { type, body: Buffer.from(body, 'base64') }]))
createServer((req, res) => {
  const hit = bodies.get(req.url ?? '')
  if (!hit) {
    res.writeHead(404).end()
    return
  }
  res.writeHead(200, { 'content-type': hit.type, 'content-length': hit.body.length })
  res.end(hit.body)
}).listen(port, '127.0.0.1', () => console.log('ready'))
