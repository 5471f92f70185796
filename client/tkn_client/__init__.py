"""tkn-client: submit credit transfers to the TKN gateway and follow them to a final state."""
