import { createContext, useContext } from 'react'

const NonceContext = createContext<string>('')

export const NonceProvider = NonceContext.Provider

/** The request's CSP nonce on the server; empty in the browser (browsers hide it). */
export const useNonce = () => useContext(NonceContext)
