import {
  DeleteObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadObjectCommand,
  paginateListObjectsV2,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startS3Fake, type S3Fake } from './s3'

/** The real SDK, with its default settings (checksums included), must be able to talk to the fake. */
let fake: S3Fake
let client: S3Client

beforeAll(async () => {
  fake = await startS3Fake()
  client = new S3Client({
    endpoint: fake.endpoint,
    region: fake.region,
    forcePathStyle: true,
    credentials: { accessKeyId: fake.accessKeyId, secretAccessKey: fake.secretAccessKey },
    maxAttempts: 1,
  })
})

afterAll(async () => {
  client.destroy()
  await fake.close()
})

const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (error: unknown) => (error instanceof S3ServiceException ? { name: error.name, status: error.$metadata.httpStatusCode } : error),
  )

describe('the S3 fake', () => {
  it('stores, reads, heads and deletes an object as the SDK sends them', async () => {
    const bytes = Buffer.from('hello, bucket')
    await client.send(new PutObjectCommand({ Bucket: fake.bucket, Key: 'a/b c.txt', Body: bytes, ContentType: 'text/plain' }))
    const object = await client.send(new GetObjectCommand({ Bucket: fake.bucket, Key: 'a/b c.txt' }))
    expect(object.ContentType).toBe('text/plain')
    expect(Buffer.from(await object.Body!.transformToByteArray())).toEqual(bytes)
    expect((await client.send(new HeadObjectCommand({ Bucket: fake.bucket, Key: 'a/b c.txt' }))).ContentLength).toBe(bytes.length)
    await client.send(new DeleteObjectCommand({ Bucket: fake.bucket, Key: 'a/b c.txt' }))
    expect(await failure(client.send(new GetObjectCommand({ Bucket: fake.bucket, Key: 'a/b c.txt' })))).toEqual({ name: 'NoSuchKey', status: 404 })
    expect(await failure(client.send(new HeadObjectCommand({ Bucket: fake.bucket, Key: 'a/b c.txt' })))).toEqual({ name: 'NotFound', status: 404 })
  })

  it('lists page by page and deletes many at once', async () => {
    for (let i = 0; i < 5; i += 1) {
      await client.send(new PutObjectCommand({ Bucket: fake.bucket, Key: `list/${i}`, Body: Buffer.from(String(i)) }))
    }
    await client.send(new PutObjectCommand({ Bucket: fake.bucket, Key: 'other/x', Body: Buffer.from('x') }))
    const keys: string[] = []
    for await (const page of paginateListObjectsV2({ client, pageSize: 2 }, { Bucket: fake.bucket, Prefix: 'list/' })) {
      keys.push(...(page.Contents ?? []).map((object) => object.Key!))
    }
    expect(keys).toEqual(['list/0', 'list/1', 'list/2', 'list/3', 'list/4'])
    const result = await client.send(new DeleteObjectsCommand({ Bucket: fake.bucket, Delete: { Objects: keys.map((Key) => ({ Key })) } }))
    expect(result.Deleted?.map((object) => object.Key)).toEqual(keys)
    expect([...fake.objects.keys()]).toEqual(['other/x'])
  })

  it('refuses another access key or bucket, and answers 503 while told to be down', async () => {
    const stranger = new S3Client({
      endpoint: fake.endpoint,
      region: fake.region,
      forcePathStyle: true,
      credentials: { accessKeyId: 'SOMEONE', secretAccessKey: 'x' },
      maxAttempts: 1,
    })
    expect(await failure(stranger.send(new GetObjectCommand({ Bucket: fake.bucket, Key: 'other/x' })))).toEqual({ name: 'InvalidAccessKeyId', status: 403 })
    stranger.destroy()
    expect(await failure(client.send(new GetObjectCommand({ Bucket: 'elsewhere', Key: 'other/x' })))).toEqual({ name: 'NoSuchBucket', status: 404 })
    fake.fail(true)
    expect(await failure(client.send(new GetObjectCommand({ Bucket: fake.bucket, Key: 'other/x' })))).toMatchObject({ status: 503 })
    fake.fail(false)
    expect((await client.send(new GetObjectCommand({ Bucket: fake.bucket, Key: 'other/x' }))).ContentLength).toBe(1)
  })
})
