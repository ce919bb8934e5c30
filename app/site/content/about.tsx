import { Link } from '@remix-run/react'
import { PRODUCT_NAME } from '~/lib/constants'
import { StaticPage } from '../static-page'

export function AboutPage({ inSettings = false }: { inSettings?: boolean }) {
  return (
    <StaticPage title="About Us" inSettings={inSettings}>
      <p>
        {PRODUCT_NAME} turns a description into a working web app. You say what you want — a habit tracker, a quiz for your class, a calculator for your side
        business — and our assistant builds it in front of you. Each creation is a Piece: you refine it by chatting, undo what you don't like, and share it with
        the world at its own short address.
      </p>
      <h2>Why we built it</h2>
      <p>
        Most useful software is small. It solves one problem for one group of people, and it rarely gets written because the people who need it are not
        programmers. We want anyone who can describe an idea clearly to be able to hold it in their hands a minute later.
      </p>
      <h2>Where we came from</h2>
      <p>
        {PRODUCT_NAME} began as a way for creators to fund their work through crowdfunding-style contracts. While building it we kept making small tools for
        ourselves, and the tools turned out to be what people asked about. We rebranded around a simpler promise: create anything you can describe. Some of our
        legal pages still describe the earlier product, and the funding ideas live on in our plans.
      </p>
      <h2>How we work</h2>
      <ul>
        <li>Your Pieces are yours. You decide whether they are public, members-only or private.</li>
        <li>Generated code runs in an isolated sandbox, never on our own site.</li>
        <li>The free plan is genuinely useful; PLUS exists for people who build every day.</li>
      </ul>
      <p>
        Questions or ideas? <Link to={inSettings ? '/settings/contact' : '/contact'}>Get in touch</Link> — a person reads every message.
      </p>
    </StaticPage>
  )
}
