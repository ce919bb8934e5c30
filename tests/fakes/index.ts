export * from './google'
export * from './openai'
export * from './stripe'
export * from './s3'
